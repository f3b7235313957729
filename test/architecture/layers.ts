/**
 * The house rules of nodes/ and credentials/ as dependency-cruiser rules (ARCHITECTURE.md,
 * "Layers"): a node imports only the core and itself, the core never imports a node, the
 * core's layers point down, and no files import each other in a circle.
 */
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

/** The node folders; each stands on nodes/shared/ and never on another. */
export const NODE_FOLDERS = ['Heffl', 'HefflTrigger', 'HefflPollingTrigger'];

/**
 * The core's layers, bottom first: each may import itself and the layers it names.
 * `checks` and `transport` are the floor; `table` is the resource table and its schema;
 * `records` the engine over it (field checks, IDs, lists, custom fields); `editor` the
 * table as n8n parameters. The two loose files need nothing of the core.
 */
export const CORE_LAYERS: Record<string, { path: string; mayImport: string[] }> = {
	checks: { path: '^nodes/shared/checks\\.ts$', mayImport: [] },
	transport: { path: '^nodes/shared/transport/', mayImport: [] },
	nodeVersions: { path: '^nodes/shared/nodeVersions\\.ts$', mayImport: [] },
	triggerOutput: { path: '^nodes/shared/triggerOutput\\.ts$', mayImport: [] },
	table: { path: '^nodes/shared/table/', mayImport: ['checks', 'transport'] },
	records: { path: '^nodes/shared/records/', mayImport: ['checks', 'transport', 'table'] },
	editor: { path: '^nodes/shared/editor/', mayImport: ['checks', 'table'] },
};

/** Inside the Heffl node: the execution and the editor's description never import each other. */
const HEFFL_ROOMS = [
	['^nodes/Heffl/execute/', '^nodes/Heffl/(descriptions|methods)/'],
	['^nodes/Heffl/descriptions/', '^nodes/Heffl/(execute|methods)/'],
];

function rules(): IForbiddenRuleType[] {
	const forbidden: IForbiddenRuleType[] = [
		{
			name: 'no-circular',
			comment: 'Files that import each other in a circle: one of them holds two jobs.',
			severity: 'error',
			from: {},
			to: { circular: true },
		},
		{
			name: 'core-imports-no-node',
			comment: 'nodes/shared/ is the core under the nodes: it never imports a node folder.',
			severity: 'error',
			from: { path: '^nodes/shared/' },
			to: { path: `^nodes/(${NODE_FOLDERS.join('|')})/` },
		},
		{
			name: 'credentials-import-only-transport',
			comment: 'A credential reads the API table and the origin rules, nothing else of nodes/.',
			severity: 'error',
			from: { path: '^credentials/' },
			to: { path: '^nodes/', pathNot: '^nodes/shared/transport/' },
		},
	];
	for (const node of NODE_FOLDERS)
		forbidden.push({
			name: `${node}-imports-no-other-node`,
			comment: 'A node imports the core (nodes/shared/) and its own files, never another node.',
			severity: 'error',
			from: { path: `^nodes/${node}/` },
			to: {
				path: `^nodes/(${NODE_FOLDERS.filter((other) => other !== node).join('|')})/`,
			},
		});
	for (const [name, layer] of Object.entries(CORE_LAYERS)) {
		const allowed = [name, ...layer.mayImport].map((allowedName) => CORE_LAYERS[allowedName].path);
		forbidden.push({
			name: `core-${name}-imports-only-below`,
			comment: `The core's ${name} imports only ${layer.mayImport.join(', ') || 'itself'}.`,
			severity: 'error',
			from: { path: layer.path },
			to: { path: '^nodes/shared/', pathNot: allowed.map((path) => `(${path})`).join('|') },
		});
	}
	for (const [from, to] of HEFFL_ROOMS)
		forbidden.push({
			name: 'heffl-rooms-apart',
			comment: "The Heffl node's execution and its editor description stand side by side.",
			severity: 'error',
			from: { path: from },
			to: { path: to },
		});
	return forbidden;
}

export const CRUISE_OPTIONS: ICruiseOptions = {
	validate: true,
	ruleSet: { forbidden: rules() },
	doNotFollow: { path: 'node_modules' },
	exclude: { path: '(^|/)node_modules/|^dist/' },
	tsPreCompilationDeps: true,
	moduleSystems: ['es6', 'cjs'],
};
