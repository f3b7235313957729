/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: copies nodes/ to plant a resource */
/**
 * What the resource table says is written once: the README's and docs/operations.md's
 * generated parts are what `npm run generate` makes of the table today, and a resource planted
 * in a copy of nodes/ (its entry and its line in the list, nothing else) is followed by the
 * generated docs, the Heffl Tool's description, the editor's Resource list and the dispatch,
 * which runs it against the sandbox.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INodeProperties, INodeType } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { useSandbox } from '../../drivers/harness/context';
import { runHeffl, withNodeType } from '../../drivers/harness/n8n';
import { RESOURCES } from '../../nodes/shared/table/resources';
import type { ResourceSpec } from '../../nodes/shared/table/schema';
import { operationsTable, resourcesTable, staleFiles } from '../../scripts/generate';

const ROOT = join(import.meta.dirname, '..', '..');

test('every generated part of the README and docs/operations.md is what the table makes', () => {
	expect(staleFiles().map(({ file }) => file)).toEqual([]);
});

test('a generated part edited by hand, or a table that changed, is stale; a `|` in a name cannot split its row', () => {
	const edited = (file: string) =>
		readFileSync(join(ROOT, file), 'utf8').replace('| Lead | ✓ | ✓ |', '| Lead | ✓ | |');
	expect(staleFiles(RESOURCES, edited).map(({ file }) => file)).toEqual(['README.md']);
	const withoutTags = RESOURCES.filter((resource) => resource.value !== 'tag');
	expect(staleFiles(withoutTags).map(({ file }) => file)).toEqual([
		'README.md',
		'docs/operations.md',
	]);
	const piped = { ...RESOURCES[0], displayName: 'Lead | Planted' };
	expect(operationsTable([piped]).split('\n')[2]).toBe(
		'| Lead \\| Planted | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |',
	);
});

/** The planted entry: a new resource Heffl would list at v1 /leads, found by e-mail. */
const PLANTED = `import { email, text } from '../builders';
import { EMAIL } from '../matchKeys';
import type { ResourceSpec } from '../schema';

export const plantedNote: ResourceSpec = {
	value: 'plantedNote',
	displayName: 'Planted Note',
	label: 'planted note',
	api: 'v1',
	path: '/leads',
	reference: '§99.1',
	operations: ['create', 'getAll', 'upsert'],
	methods: { update: 'PUT' },
	matchKeys: [{ field: 'email', as: EMAIL }],
	fields: [
		text('name', 'Name', 'What the note says', { main: true, required: true }),
		email('E-mail address of the note'),
	],
};
`;

describe('a resource planted in the table, nothing else edited', () => {
	const ctx = useSandbox();
	const copy = mkdtempSync(join(tmpdir(), 'heffl-planted-'));
	let resources: readonly ResourceSpec[];
	let node: INodeType;

	beforeAll(async () => {
		cpSync(join(ROOT, 'nodes'), join(copy, 'nodes'), { recursive: true });
		// The copy's imports of n8n-workflow resolve to the package's own.
		symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
		const table = join(copy, 'nodes/shared/table/resources');
		writeFileSync(join(table, 'plantedNote.ts'), PLANTED);
		const index = readFileSync(join(table, 'index.ts'), 'utf8')
			.replace(
				"import { client } from './client';",
				"import { client } from './client';\nimport { plantedNote } from './plantedNote';",
			)
			.replace('\twebhookSubscription,\n];', '\twebhookSubscription,\n\tplantedNote,\n];');
		writeFileSync(join(table, 'index.ts'), index);
		({ RESOURCES: resources } = (await import(join(table, 'index.ts'))) as {
			RESOURCES: readonly ResourceSpec[];
		});
		const { Heffl } = (await import(join(copy, 'nodes/Heffl/Heffl.node.ts'))) as {
			Heffl: new () => INodeType;
		};
		node = new Heffl();
	}, 60_000);
	afterAll(() => rmSync(copy, { recursive: true, force: true }));

	test('the generated docs show it: its row, its operations, its API and its key', () => {
		expect(resources).toHaveLength(RESOURCES.length + 1);
		expect(operationsTable(resources)).toContain('| Planted Note | ✓ | ✓ | | ✓ | | |');
		expect(resourcesTable(resources)).toContain(
			'| Planted Note | Create, Create or Update (by e-mail), Get Many | v1 `/leads` [§99.1] | Name; Email |',
		);
		expect(staleFiles(resources).map(({ file }) => file)).toEqual([
			'README.md',
			'docs/operations.md',
		]);
	});

	test('the Heffl Tool and the node say it, and the editor offers it with its operations', () => {
		const tool = node.description.usableAsTool as { replacements: { description: string } };
		expect(tool.replacements.description).toMatch(
			/Create or Update finds leads, clients, contacts and planted notes by e-mail,/,
		);
		expect(node.description.description).toContain('planted notes');
		const properties = node.description.properties;
		const resource = properties.find((property) => property.name === 'resource');
		expect(resource?.options).toContainEqual({ name: 'Planted Note', value: 'plantedNote' });
		const operation = properties.find(
			(property: INodeProperties) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes('plantedNote'),
		);
		expect(operation?.options?.map((option) => (option as { value: string }).value)).toEqual([
			'create',
			'upsert',
			'getAll',
		]);
	});

	test('the dispatch runs it: Create or Update twice makes one record, Get Many finds it', async () => {
		const upsert = {
			resource: 'plantedNote',
			operation: 'upsert',
			email: 'planted@example.com',
			name: 'Planted',
		};
		await withNodeType('n8n-nodes-heffl.heffl', node, async () => {
			const first = await runHeffl(upsert, ctx.credentials);
			expect(first.error?.message).toBeUndefined();
			const second = await runHeffl({ ...upsert, name: 'Planted again' }, ctx.credentials);
			expect(second.error?.message).toBeUndefined();
			expect(second.json[0].id).toBe(first.json[0].id);
			const many = await runHeffl(
				{ resource: 'plantedNote', operation: 'getAll', returnAll: true },
				ctx.credentials,
			);
			const planted = many.json.filter((record) => record.email === 'planted@example.com');
			expect(planted.map((record) => record.name)).toEqual(['Planted again']);
		});
	});
});
