/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- maintainer tooling, not shipped: writes the docs */
/**
 * npm run generate: the parts of the README and docs/operations.md that say what the resource
 * table says (nodes/shared/table/resources), written between their markers from the table, so
 * they are never copied by hand. `npm run generate -- --check` changes nothing and fails when
 * a part is stale (test/docs/generated.test.ts runs the same check in `npm test`). The Heffl
 * node's and the Heffl Tool's descriptions are computed from the same table in the node itself
 * (nodes/Heffl/descriptions/summary.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { OPERATIONS } from '../nodes/Heffl/descriptions/operationProperties';
import { keyWords, matchKeysOf } from '../nodes/shared/table/matchKeys';
import { RESOURCES } from '../nodes/shared/table/resources';
import type { FieldSpec, OperationName, ResourceSpec } from '../nodes/shared/table/schema';
import { definitionsOf } from '../nodes/shared/table/schema';

const ROOT = join(import.meta.dirname, '..');

/** The README's columns, in its order. */
const README_COLUMNS: OperationName[] = ['create', 'upsert', 'get', 'getAll', 'update', 'delete'];

/** A table row; a `|` inside a cell is escaped, so a name cannot split its row. */
const row = (cells: string[]) =>
	`| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;

/** The README's Operations table: a row per resource, a ✓ per operation it has. */
export function operationsTable(resources: readonly ResourceSpec[]): string {
	const lines = [
		row(['Resource', ...README_COLUMNS.map((operation) => OPERATIONS[operation].name)]),
		`|---|${README_COLUMNS.map(() => ':-:').join('|')}|`,
		...resources.map((resource) =>
			row([
				`${resource.displayName}${definitionsOf(resource) ? ' (custom fields by label)' : ''}`,
				...README_COLUMNS.map((operation) => (resource.operations.includes(operation) ? '✓' : '')),
			]).replace(/ {2}/g, ' '),
		),
	];
	return lines.join('\n');
}

/** "Create or Update (by e-mail)", "Update (PUT)": an operation as docs/operations.md names it. */
function operationName(resource: ResourceSpec, operation: OperationName): string {
	const name = OPERATIONS[operation].name;
	if (operation === 'upsert')
		return `${name} (by ${keyWords(matchKeysOf(resource), (key) => key.words ?? key.noun)})`;
	if (operation === 'update') return `${name} (${resource.methods?.update ?? 'PATCH'})`;
	return name;
}

/** "v1 `/leads` [§10.1]", with each operation's own API or path after it. */
function apiOf(resource: ResourceSpec): string {
	const cited = resource.reference?.startsWith('§')
		? ` [${resource.reference}]`
		: ` (${resource.reference ?? 'contract'})`;
	const own = resource.operations
		.filter((operation) => resource.apis?.[operation] || resource.paths?.[operation])
		.map(
			(operation) =>
				`; ${OPERATIONS[operation].name} at ${resource.apis?.[operation] ?? resource.api} \`${resource.paths?.[operation] ?? resource.path}\``,
		);
	return `${resource.api} \`${resource.path}\`${own.join('')}${cited}`;
}

/** "Pipeline", not n8n's "Pipeline Name or ID": the field, not how its dropdown is filled. */
const shortName = (field: FieldSpec) =>
	field.displayName.replace(/ (Name or ID|Names or IDs)$/, (_, one: string) =>
		one.startsWith('Names') ? 's' : '',
	);

/**
 * "Name; Email, Mobile": what Create asks for at the top, then the rest, once each ("(create
 * only)" where Update does not take it); custom fields last.
 */
function fieldsCell(resource: ResourceSpec): string {
	const byName = new Map<string, { main: boolean; on: Set<string> }>();
	for (const field of resource.fields ?? []) {
		const name = shortName(field);
		const seen = byName.get(name) ?? { main: false, on: new Set<string>() };
		seen.main ||= Boolean(field.main);
		for (const operation of field.on ?? ['create', 'update']) seen.on.add(operation);
		byName.set(name, seen);
	}
	const named = [...byName].map(([name, { main, on }]) => ({
		main,
		name: on.size === 1 ? `${name} (${[...on][0]} only)` : name,
	}));
	const main = named.filter((field) => field.main).map((field) => field.name);
	const rest = named.filter((field) => !field.main).map((field) => field.name);
	if (resource.customFields)
		rest.push(
			definitionsOf(resource) ? "custom fields (Heffl's definitions)" : 'custom fields (by label)',
		);
	if (!main.length && !rest.length) return '—';
	return [main.join(', '), rest.join(', ')].filter(Boolean).join('; ');
}

/** docs/operations.md's table of resources: operations, API and fields of each. */
export function resourcesTable(resources: readonly ResourceSpec[]): string {
	return [
		row(['Resource', 'Operations', 'Heffl API', 'Fields']),
		'|---|---|---|---|',
		...resources.map((resource) =>
			row([
				resource.displayName,
				[...resource.operations]
					.sort((a, b) => OPERATIONS[a].name.localeCompare(OPERATIONS[b].name))
					.map((operation) => operationName(resource, operation))
					.join(', '),
				apiOf(resource),
				fieldsCell(resource),
			]),
		),
	].join('\n');
}

/** Each generated part: its file, its name in the markers, and what it is made from. */
export const GENERATED = [
	{ file: 'README.md', part: 'operations', render: operationsTable },
	{ file: 'docs/operations.md', part: 'resources', render: resourcesTable },
] as const;

export const startMarker = (part: string) =>
	`<!-- generated by npm run generate from nodes/shared/table (${part}): do not edit -->`;
export const END_MARKER = '<!-- end generated -->';

/** `text` with its generated part rewritten from `resources`; throws where its markers are missing. */
export function withGenerated(text: string, part: string, content: string): string {
	const start = text.indexOf(startMarker(part));
	const end = text.indexOf(END_MARKER, start);
	if (start < 0 || end < 0) throw new Error(`No generated part '${part}': its markers are missing`);
	// A blank line ends the table before the end marker (markdown-it reads the marker as a row otherwise).
	return `${text.slice(0, start)}${startMarker(part)}\n${content}\n\n${text.slice(end)}`;
}

/** The files whose generated parts differ from what `resources` makes, each with its new text. */
export function staleFiles(
	resources: readonly ResourceSpec[] = RESOURCES,
	read = (file: string) => readFileSync(join(ROOT, file), 'utf8'),
): Array<{ file: string; text: string }> {
	const texts = new Map<string, string>();
	for (const { file, part, render } of GENERATED) {
		const text = texts.get(file) ?? read(file);
		texts.set(file, withGenerated(text, part, render(resources)));
	}
	return [...texts]
		.filter(([file, text]) => read(file) !== text)
		.map(([file, text]) => ({ file, text }));
}

if (process.argv[1] === import.meta.filename) {
	const stale = staleFiles();
	if (process.argv.includes('--check')) {
		for (const { file } of stale) console.error(`${file}: stale; run npm run generate`);
		process.exitCode = stale.length ? 1 : 0;
	} else {
		for (const { file, text } of stale) writeFileSync(join(ROOT, file), text);
		console.log(stale.length ? `Wrote ${stale.map(({ file }) => file).join(', ')}` : 'Up to date');
	}
}
