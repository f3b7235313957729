/**
 * The parameters of one resource, assembled: its Operation (operationProperties.ts), the
 * record picker, the fields a write asks for (writeProperties.ts), Get Many's, Output.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationName, ResourceSpec } from '../../shared/table/schema';
import { definitionsOf, resourceParameter } from '../../shared/table/schema';
import { show } from '../../shared/editor/display';
import { locator, searchMethodName } from '../../shared/editor/fieldProperties';
import { getManyProperties } from '../../shared/editor/listProperties';
import type { OwnOperationDescription } from '../contract/ownOperation';
import { operationProperty, ownProperties } from './operationProperties';
import { OWN_OPERATION_DESCRIPTIONS } from './ownOperations';
import { outputProperties } from './outputProperties';
import {
	createProperties,
	customFieldsByLabel,
	customFieldsMapper,
	updateProperty,
} from './writeProperties';
import { upsertProperties } from './upsertProperties';

/** The parameters of a resource: the generic operations' from its table entry, then its own operations'. */
export function resourceProperties(
	resource: ResourceSpec,
	own: readonly OwnOperationDescription[] = OWN_OPERATION_DESCRIPTIONS,
): INodeProperties[] {
	return [...genericProperties(resource, own), ...ownProperties(resource, own)];
}

function genericProperties(
	resource: ResourceSpec,
	own: readonly OwnOperationDescription[],
): INodeProperties[] {
	const has = (operation: OperationName) => resource.operations.includes(operation);
	const properties: INodeProperties[] = [operationProperty(resource, own)];

	const byId = resource.operations.filter((op) => ['get', 'update', 'delete'].includes(op));
	if (byId.length) {
		properties.push({
			...locator(
				resource.displayName,
				resourceParameter(resource),
				searchMethodName(resource.value),
				resource.idPrefix,
				resource.label,
			),
			displayOptions: show(resource, byId),
		});
	}

	// Create or Update asks for the key to find the record by, then what Create asks for.
	const creates: OperationName[] = has('upsert') ? ['create', 'upsert'] : ['create'];
	if (has('upsert')) properties.push(...upsertProperties(resource));
	if (has('create')) properties.push(...createProperties(resource, creates));
	if (has('update')) properties.push(updateProperty(resource));

	if (definitionsOf(resource)) properties.push(customFieldsMapper(resource, creates));
	else if (resource.customFields === 'byLabel')
		properties.push(customFieldsByLabel(resource, creates));

	if (has('getAll')) properties.push(...getManyProperties(resource));

	properties.push(...outputProperties(resource));
	return properties;
}
