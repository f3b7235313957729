/** What each version of the Heffl node means, and the resource table it runs (see nodes/shared/nodeVersions.ts). */
import type { NodeVersionRow } from '../shared/nodeVersions';
import { versionsOf } from '../shared/nodeVersions';
import { RESOURCES } from '../shared/table/resources';
import type { ResourceSpec } from '../shared/table/schema';

export const NODE_VERSIONS: Readonly<
	Record<number, NodeVersionRow & { resources: readonly ResourceSpec[] }>
> = {
	1: {
		since: '0.1.0',
		changes: 'First release: every resource and operation of heffl-reference.md.',
		resources: RESOURCES,
	},
};

export const {
	versions: VERSIONS,
	latest: LATEST_VERSION,
	described: DESCRIBED_VERSION,
} = versionsOf(NODE_VERSIONS);

/** The resource table of a saved node's version (the latest for an unknown one). */
export function resourcesOf(version: number): readonly ResourceSpec[] {
	return (NODE_VERSIONS[version] ?? NODE_VERSIONS[LATEST_VERSION]).resources;
}

export function findResource(version: number, value: string): ResourceSpec {
	const resource = resourcesOf(version).find((candidate) => candidate.value === value);
	if (!resource) throw new Error(`Unknown resource '${value}'`);
	return resource;
}

/** Record pickers are shared by all versions and list records the way the latest reads them. */
export const PICKABLE_RESOURCES: readonly ResourceSpec[] = resourcesOf(LATEST_VERSION);
