import { RESOURCES_V3 } from './resources';
import type { NodeVersion, ResourceSpec } from './spec';
import { RESOURCES_V1 } from './v1/resources';
import { RESOURCES_V2 } from './v2/resources';

export function resourcesOf(version: NodeVersion): ResourceSpec[] {
	return version === 1 ? RESOURCES_V1 : version === 2 ? RESOURCES_V2 : RESOURCES_V3;
}

export function findResource(version: NodeVersion, value: string): ResourceSpec {
	const resource = resourcesOf(version).find((candidate) => candidate.value === value);
	if (!resource) throw new Error(`Unknown resource '${value}'`);
	return resource;
}

/**
 * Every resource any version has, newest first: record pickers (`searchDeals`, ...) are
 * shared by all versions and list records the way the newest version reads them.
 */
export const PICKABLE_RESOURCES: ResourceSpec[] = [...RESOURCES_V3, ...RESOURCES_V2].filter(
	(resource, index, all) => all.findIndex((other) => other.value === resource.value) === index,
);
