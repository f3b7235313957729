/**
 * The Heffl Tool's Output → Selected Fields: the keys of the resource's records (the
 * table's `recordKeys`) and its custom fields by their label (the core's fieldOptions.ts).
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fieldOptions } from '../../shared/records/fieldOptions';
import { PICKABLE_RESOURCES } from '../versions';

export async function getOutputFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const resourceValue = String(this.getCurrentNodeParameter('resource') ?? '');
	const resource = PICKABLE_RESOURCES.find((candidate) => candidate.value === resourceValue);
	return await fieldOptions(this, resource);
}
