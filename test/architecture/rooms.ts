/**
 * The rooms around the package (ARCHITECTURE.md, "The rooms of the proof"): the sandbox, the
 * drivers, the conformance kit, the scripts and the benches, each importing only the rooms
 * under it; test/ holds the proof and imports any of them, and nothing imports test/. No file
 * of these rooms or of the proof is in an import circle (the package's circles: layers.ts).
 */
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

/** What ships: the nodes and credentials (their own rules are in layers.ts). */
const SHIPPED = '^(nodes|credentials)/';

/**
 * Each room, bottom first, with the rooms it may import besides itself (`shipped`: nodes/ and
 * credentials/). The sandbox is a Heffl of its own and knows nothing of ours; the drivers run
 * the package in n8n (n8n-core in-process, or a real n8n); the kit, the scripts and the benches
 * stand on them. test/ is not listed: it may import every room, and no room imports it.
 */
export const ROOMS: Record<string, { path: string; mayImport: string[] }> = {
	sandbox: { path: '^sandbox/', mayImport: [] },
	drivers: { path: '^drivers/', mayImport: ['sandbox', 'shipped'] },
	conformance: { path: '^conformance/', mayImport: ['drivers', 'sandbox', 'shipped'] },
	scripts: { path: '^scripts/', mayImport: ['conformance', 'drivers', 'sandbox', 'shipped'] },
	bench: { path: '^bench/', mayImport: ['drivers', 'sandbox', 'shipped'] },
};

/** Every folder of this repository an import may reach (a package of node_modules is free). */
const OURS = '^(sandbox|drivers|conformance|scripts|bench|test|nodes|credentials)/';

/** The rooms' folders. */
export const ROOM_FOLDERS = Object.keys(ROOMS);

/** The folders the rules read: the rooms, and the proof (whose imports are free but for circles). */
export const CRUISED_FOLDERS = [...ROOM_FOLDERS, 'test'];

/** Files that import each other in a circle, in any room or the proof: one of them holds two jobs. */
const NO_CIRCLES: IForbiddenRuleType = {
	name: 'no-circular',
	comment: 'Files that import each other in a circle: one of them holds two jobs.',
	severity: 'error',
	from: { pathNot: SHIPPED },
	to: { circular: true },
};

function rules(): IForbiddenRuleType[] {
	const pathOf = (room: string) => (room === 'shipped' ? SHIPPED : ROOMS[room].path);
	const imports = Object.entries(ROOMS).map(([name, room]): IForbiddenRuleType => ({
		name: `${name}-imports-only-below`,
		comment: `${name}/ imports only ${room.mayImport.join(', ') || 'itself'}; never test/.`,
		severity: 'error',
		from: { path: room.path },
		to: {
			path: OURS,
			pathNot: [room.path, ...room.mayImport.map(pathOf)]
				.map((allowed) => `(${allowed})`)
				.join('|'),
		},
	}));
	return [NO_CIRCLES, ...imports];
}

export const ROOM_CRUISE_OPTIONS: ICruiseOptions = {
	validate: true,
	ruleSet: { forbidden: rules() },
	doNotFollow: { path: `(^|/)node_modules/|${SHIPPED}` },
	exclude: { path: '^dist/' },
	tsPreCompilationDeps: true,
	moduleSystems: ['es6', 'cjs'],
};
