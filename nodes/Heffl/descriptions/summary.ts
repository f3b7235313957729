/**
 * What the Heffl node and the Heffl Tool say they do, computed from the resource table when
 * the description is built: a resource added, or an operation or match key changed, is said
 * here with nothing else edited (the README's and docs/operations.md's tables are generated
 * from the same table by `npm run generate`).
 */
import type { MatchKey } from '../../shared/table/matchKeys';
import { keyWords, matchKeysOf } from '../../shared/table/matchKeys';
import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { plural } from '../../shared/table/schema';

const has = (resource: ResourceSpec, ...operations: OperationName[]) =>
	operations.every((operation) => resource.operations.includes(operation));
const reads = (resource: ResourceSpec) => has(resource, 'get') || has(resource, 'getAll');
const writes = (resource: ResourceSpec) =>
	has(resource, 'create') || has(resource, 'update') || has(resource, 'upsert');

/** "leads, clients and contacts". */
function listOf(resources: readonly ResourceSpec[]): string {
	return resources
		.map((resource) => plural(resource.label))
		.join(', ')
		.replace(/, ([^,]*)$/, ' and $1');
}

/** "Create, read, update and delete Heffl leads, …; manage pipelines, …". */
export function nodeDescription(resources: readonly ResourceSpec[]): string {
	const full = resources.filter(
		(resource) => has(resource, 'create', 'update', 'delete') && reads(resource),
	);
	const managed = resources.filter(
		(resource) => !full.includes(resource) && (writes(resource) || has(resource, 'delete')),
	);
	const manage = managed.length ? `; manage ${listOf(managed)}` : '';
	return `Create, read, update and delete Heffl ${listOf(full)}${manage}`;
}

/** "leads and clients by e-mail, companies by website, name or e-mail": grouped by key words. */
export function matchedBy(resources: readonly ResourceSpec[]): string {
	const groups = new Map<string, ResourceSpec[]>();
	for (const resource of resources.filter((candidate) => has(candidate, 'upsert'))) {
		const words = keyWords(matchKeysOf(resource), (key: MatchKey) => key.words ?? key.noun);
		groups.set(words, [...(groups.get(words) ?? []), resource]);
	}
	return [...groups]
		.map(([words, group]) => `${listOf(group)} by ${words}`)
		.join(', ')
		.replace(/, ([^,]*)$/, ', and $1');
}

/**
 * The Heffl Tool's description: what an agent may find, read and write, what Create or Update
 * matches by, and what it must not be given (Delete, and each resource's `agentWarning`).
 */
export function toolDescription(resources: readonly ResourceSpec[]): string {
	const offered = resources.filter((resource) => !resource.agentWarning);
	const readWrite = offered.filter(
		(resource) => reads(resource) && has(resource, 'create', 'update'),
	);
	const written = offered.filter((resource) => !readWrite.includes(resource) && writes(resource));
	const read = offered.filter((resource) => reads(resource) && !writes(resource));
	const clauses = [
		`find, read, create and update Heffl ${listOf(readWrite)}`,
		...(written.length ? [`create ${listOf(written)}`] : []),
		...(read.length ? [`read ${listOf(read)}`] : []),
	];
	const matches = matchedBy(offered);
	const upsert = matches ? `; Create or Update finds ${matches}` : '';
	const warned = resources
		.filter((resource) => resource.agentWarning)
		.map((resource) => ` or ${resource.displayName} (${resource.agentWarning})`)
		.join('');
	return (
		`Lets an AI agent ${clauses.slice(0, -1).join(', ')}${clauses.length > 1 ? ', and ' : ''}${clauses[clauses.length - 1]} ` +
		`(one fixed operation per tool${upsert}). Output sets which fields the agent receives. ` +
		`Do not give an agent Delete (Heffl cannot restore a deleted record)${warned}.`
	);
}
