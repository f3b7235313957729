/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: a copy of the tree to plant violations in */
/**
 * The layering of nodes/ and credentials/ (ARCHITECTURE.md, "Layers"), read by
 * dependency-cruiser from the imports: no node imports another, the core imports no
 * node, the core's layers and the Heffl node's rooms point down (the operation contract a
 * leaf), no import circles. The rules are shown to bite on a copy of the tree with a
 * planted cross-node import, upward imports, a contract with code and a planted circle.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, test } from 'vitest';

import { CRUISE_OPTIONS, HEFFL_LAYERS } from './layers';

const ROOT = join(import.meta.dirname, '..', '..');

/** Each violation as "rule: from → to". */
async function violations(root: string): Promise<string[]> {
	const result = await cruise(['nodes', 'credentials'], { ...CRUISE_OPTIONS, baseDir: root });
	if (typeof result.output === 'string') throw new Error(result.output);
	return result.output.summary.violations.map(
		(violation) =>
			`${violation.rule.name}: ${violation.from} → ${violation.to}${
				violation.cycle ? ` (${violation.cycle.map((step) => step.name).join(' → ')})` : ''
			}`,
	);
}

describe('the layers of nodes/ and credentials/', () => {
	test("no node imports another, the core imports no node, its layers and the Heffl node's rooms point down, no circles", async () => {
		expect(await violations(ROOT)).toEqual([]);
	});

	test("every file of nodes/Heffl/ is in one of the node's rooms", () => {
		const files = readdirSync(join(ROOT, 'nodes/Heffl'), { recursive: true, encoding: 'utf8' })
			.filter((path) => path.endsWith('.ts'))
			.map((path) => `nodes/Heffl/${path.split('\\').join('/')}`);
		const rooms = Object.values(HEFFL_LAYERS).map((layer) => new RegExp(layer.path));
		expect(files.filter((path) => rooms.filter((room) => room.test(path)).length !== 1)).toEqual(
			[],
		);
	});

	describe('the rules bite on a planted tree', () => {
		const planted = mkdtempSync(join(tmpdir(), 'heffl-layers-'));
		afterAll(() => rmSync(planted, { recursive: true, force: true }));
		cpSync(join(ROOT, 'nodes'), join(planted, 'nodes'), { recursive: true });
		cpSync(join(ROOT, 'credentials'), join(planted, 'credentials'), { recursive: true });
		cpSync(join(ROOT, 'tsconfig.json'), join(planted, 'tsconfig.json'));

		test('a cross-node import, upward imports, a contract with code and a circle are each named', async () => {
			writeFileSync(
				join(planted, 'nodes/HefflPollingTrigger/planted.ts'),
				"export { runGeneric } from '../Heffl/execute/genericOperations';\n",
			);
			writeFileSync(
				join(planted, 'nodes/shared/table/plantedUp.ts'),
				"export { verifiedList } from '../records/lists';\n",
			);
			writeFileSync(
				join(planted, 'nodes/shared/checks.ts'),
				"export { plantedB } from './plantedCircle';\nexport const plantedA = 1;\n",
				{ flag: 'a' },
			);
			writeFileSync(
				join(planted, 'nodes/shared/plantedCircle.ts'),
				"import { plantedA } from './checks';\nexport const plantedB = plantedA;\n",
			);
			// Inside the Heffl node: the description reaching the dispatch, the engine reaching
			// up to it, and the contract running code of the core.
			writeFileSync(
				join(planted, 'nodes/Heffl/descriptions/plantedDispatch.ts'),
				"export { OWN_OPERATIONS } from '../operations';\n",
			);
			writeFileSync(
				join(planted, 'nodes/Heffl/execute/plantedUp.ts'),
				"export { runOperation } from '../operations';\n",
			);
			writeFileSync(
				join(planted, 'nodes/Heffl/contract/plantedCode.ts'),
				"export { hefflRequest } from '../../shared/transport';\n",
			);
			const found = await violations(planted);
			expect(found).toContain(
				'heffl-descriptions-imports-only-below: nodes/Heffl/descriptions/plantedDispatch.ts → nodes/Heffl/operations/index.ts',
			);
			expect(found).toContain(
				'heffl-execute-imports-only-below: nodes/Heffl/execute/plantedUp.ts → nodes/Heffl/operations/index.ts',
			);
			expect(found).toContain(
				'heffl-contract-is-a-leaf: nodes/Heffl/contract/plantedCode.ts → nodes/shared/transport/index.ts',
			);
			expect(found).toContain(
				'HefflPollingTrigger-imports-no-other-node: nodes/HefflPollingTrigger/planted.ts → nodes/Heffl/execute/genericOperations.ts',
			);
			expect(found).toContain(
				'core-table-imports-only-below: nodes/shared/table/plantedUp.ts → nodes/shared/records/lists.ts',
			);
			expect(found.some((line) => /^no-circular: .*plantedCircle/.test(line))).toBe(true);
		});
	});
});
