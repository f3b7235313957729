/**
 * The house rules of nodes/ and credentials/ as dependency-cruiser rules (ARCHITECTURE.md,
 * "Layers"): a node imports only the core and itself, the core never imports a node, the
 * core's layers and the Heffl node's rooms point down, the operation contract is a leaf,
 * and no files import each other in a circle.
 */
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

/** The node folders; each stands on nodes/shared/ and never on another. */
export const NODE_FOLDERS = ['Heffl', 'HefflTrigger', 'HefflPollingTrigger'];

/**
 * The core's layers, bottom first: each may import itself and the layers it names.
 * `checks` (checks.ts, jsonChecks.ts) and `transport` are the floor; `table` is the resource table and its schema;
 * `records` the engine over it (field checks, IDs, lists, custom fields); `editor` the
 * table as n8n parameters. The two loose files need nothing of the core.
 */
export const CORE_LAYERS: Record<string, { path: string; mayImport: string[] }> = {
	checks: { path: '^nodes/shared/(checks|jsonChecks)\\.ts$', mayImport: [] },
	transport: { path: '^nodes/shared/transport/', mayImport: [] },
	nodeVersions: { path: '^nodes/shared/nodeVersions\\.ts$', mayImport: [] },
	triggerOutput: { path: '^nodes/shared/triggerOutput\\.ts$', mayImport: [] },
	table: { path: '^nodes/shared/table/', mayImport: ['checks', 'transport'] },
	records: { path: '^nodes/shared/records/', mayImport: ['checks', 'transport', 'table'] },
	editor: { path: '^nodes/shared/editor/', mayImport: ['checks', 'table'] },
};

/**
 * The Heffl node's rooms, bottom first: each may import itself and the rooms it names (and
 * the core). `contract` (the operation contract and what an execution remembers),
 * `outputModes` and `versions` are its floor; the engine (`execute`) and the editor's
 * description (`descriptions`, `methods`) stand side by side on it; the dispatch
 * (`operations`) stands on the engine; what the node says of a parameter (`parameterErrors`:
 * its name, a value too deep, the Tool's `$fromAI()` argument) on the description; the node on all.
 * Every file of nodes/Heffl/ is in one room (layers.test.ts checks it).
 */
export const HEFFL_LAYERS: Record<string, { path: string; mayImport: string[] }> = {
	contract: { path: '^nodes/Heffl/contract/', mayImport: [] },
	outputModes: { path: '^nodes/Heffl/outputModes\\.ts$', mayImport: [] },
	versions: { path: '^nodes/Heffl/versions\\.ts$', mayImport: [] },
	execute: { path: '^nodes/Heffl/execute/', mayImport: ['contract', 'outputModes'] },
	descriptions: {
		path: '^nodes/Heffl/descriptions/',
		mayImport: ['contract', 'outputModes', 'versions'],
	},
	methods: { path: '^nodes/Heffl/methods/', mayImport: ['versions'] },
	operations: { path: '^nodes/Heffl/operations/', mayImport: ['contract', 'execute'] },
	parameterErrors: {
		path: '^nodes/Heffl/(tooDeep|parameterNames|toolArguments)\\.ts$',
		mayImport: ['descriptions'],
	},
	node: {
		path: '^nodes/Heffl/Heffl\\.node\\.ts$',
		mayImport: ['contract', 'versions', 'descriptions', 'methods', 'operations', 'parameterErrors'],
	},
};

/** Each layer's rule: it imports, of `scope`, only itself and the layers it names. */
function layerRules(
	prefix: string,
	scope: string,
	layers: Record<string, { path: string; mayImport: string[] }>,
): IForbiddenRuleType[] {
	return Object.entries(layers).map(([name, layer]) => ({
		name: `${prefix}-${name}-imports-only-below`,
		comment: `${prefix}'s ${name} imports only ${layer.mayImport.join(', ') || 'itself'}.`,
		severity: 'error',
		from: { path: layer.path },
		to: {
			path: scope,
			pathNot: [name, ...layer.mayImport].map((allowed) => `(${layers[allowed].path})`).join('|'),
		},
	}));
}

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
	forbidden.push(...layerRules('core', '^nodes/shared/', CORE_LAYERS));
	forbidden.push(...layerRules('heffl', '^nodes/Heffl/', HEFFL_LAYERS));
	forbidden.push({
		name: 'heffl-contract-is-a-leaf',
		comment:
			'The operation contract needs no code of nodes/: only types of the core (and n8n-workflow).',
		severity: 'error',
		from: { path: HEFFL_LAYERS.contract.path },
		to: { path: '^nodes/', pathNot: HEFFL_LAYERS.contract.path, dependencyTypesNot: ['type-only'] },
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
