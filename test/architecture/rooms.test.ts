/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped: a copy of the tree to plant violations in */
/**
 * The rooms around the package point one way (rooms.ts): the sandbox imports nothing of
 * ours, the drivers only the sandbox and the package, the kit, the scripts and the benches
 * what is under them, nothing imports test/, and no file of a room or of the proof is in an
 * import circle. Shown to bite on a copy of the tree with an import of test/ planted in the
 * sandbox, the drivers and the kit, an upward import, and circles in the sandbox and test/.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, test } from 'vitest';

import { CRUISED_FOLDERS, ROOM_CRUISE_OPTIONS, ROOM_FOLDERS } from './rooms';

const ROOT = join(import.meta.dirname, '..', '..');

/** Each violation as "rule: from → to". */
async function violations(root: string): Promise<string[]> {
	const result = await cruise(CRUISED_FOLDERS, { ...ROOM_CRUISE_OPTIONS, baseDir: root });
	if (typeof result.output === 'string') throw new Error(result.output);
	return result.output.summary.violations.map(
		(violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
	);
}

describe('the rooms of the proof', () => {
	test('each imports only the rooms under it; nothing imports test/; no circles', async () => {
		expect(await violations(ROOT)).toEqual([]);
	}, 60_000);

	describe('the rules bite on a planted tree', () => {
		const planted = mkdtempSync(join(tmpdir(), 'heffl-rooms-'));
		afterAll(() => rmSync(planted, { recursive: true, force: true }));
		for (const folder of [...ROOM_FOLDERS, 'test/harness', 'nodes', 'credentials'])
			cpSync(join(ROOT, folder), join(planted, folder), { recursive: true });
		cpSync(join(ROOT, 'tsconfig.json'), join(planted, 'tsconfig.json'));

		test('an import of test/ from the sandbox, the drivers and the kit, and the sandbox reaching up, are each named', async () => {
			const plant = (path: string, line: string) => writeFileSync(join(planted, path), `${line}\n`);
			plant('sandbox/plantedProof.ts', "export { useCrm } from '../test/harness/crm';");
			plant('drivers/plantedProof.ts', "export { useCrm } from '../test/harness/crm';");
			plant('conformance/plantedProof.ts', "export { useCrm } from '../test/harness/crm';");
			plant('sandbox/plantedUp.ts', "export { startRealN8n } from '../drivers/real-n8n.mjs';");
			const found = await violations(planted);
			expect(found).toEqual(
				expect.arrayContaining([
					'sandbox-imports-only-below: sandbox/plantedProof.ts → test/harness/crm.ts',
					'drivers-imports-only-below: drivers/plantedProof.ts → test/harness/crm.ts',
					'conformance-imports-only-below: conformance/plantedProof.ts → test/harness/crm.ts',
					'sandbox-imports-only-below: sandbox/plantedUp.ts → drivers/real-n8n.mjs',
				]),
			);
		}, 60_000);

		test('a circle in a room, through a type, and one in the proof are each named', async () => {
			const plant = (path: string, line: string) => writeFileSync(join(planted, path), `${line}\n`);
			plant('sandbox/plantedCircle.ts', "export type { Json } from './types';");
			plant('sandbox/json.ts', "export type { Json } from './plantedCircle';\nexport type JsonObject = object;");
			plant('test/harness/plantedCircleA.ts', "export { b } from './plantedCircleB';\nexport const a = 1;");
			plant('test/harness/plantedCircleB.ts', "export { a } from './plantedCircleA';\nexport const b = 1;");
			const circles = (await violations(planted)).filter((line) => line.startsWith('no-circular'));
			expect(circles).toEqual(
				expect.arrayContaining([
					'no-circular: sandbox/json.ts → sandbox/plantedCircle.ts',
					'no-circular: test/harness/plantedCircleA.ts → test/harness/plantedCircleB.ts',
				]),
			);
		}, 60_000);
	});
});
