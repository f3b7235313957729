/**
 * The Heffl node's editor methods called as the editor calls them (dropdowns, resource
 * locator searches, resource mappers), through n8n-core's LoadOptionsContext with the
 * parameters set so far.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { Heffl } from '../../nodes/Heffl/Heffl.node';
import type { HefflCredentials } from './credentials';
import { additionalData } from './credentials';
import { hefflNode, nodeTypes } from './nodeTypes';

/** The Heffl node type as the harness knows it now (withNodeType may stand another in). */
const hefflType = () => nodeTypes.getByName('n8n-nodes-heffl.heffl') as Heffl;

export function loadOptionsContext(parameters: INodeParameters, credentials: HefflCredentials) {
	const node = hefflNode(parameters);
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return new LoadOptionsContext(
		workflow,
		node,
		additionalData(credentials, { currentNodeParameters: parameters }),
		'',
	);
}

/** Calls a dropdown's loadOptions method as the editor does, with the parameters set so far. */
export async function loadOptions(
	method: string,
	parameters: INodeParameters,
	credentials: HefflCredentials,
): Promise<INodePropertyOptions[]> {
	const heffl = hefflType();
	const loader = (
		heffl.methods.loadOptions as Record<string, (this: unknown) => Promise<INodePropertyOptions[]>>
	)[method];
	return await loader.call(loadOptionsContext(parameters, credentials));
}

/** Calls a resource locator's search method as the editor does, with the parameters set so far. */
export async function listSearch(
	method: string,
	credentials: HefflCredentials,
	filter?: string,
	paginationToken?: string,
	parameters: INodeParameters = {},
): Promise<INodeListSearchResult> {
	const heffl = hefflType();
	return await heffl.methods.listSearch[method].call(
		loadOptionsContext(parameters, credentials) as never,
		filter,
		paginationToken,
	);
}

/** Calls a resource mapper's method as the editor does, with the parameters set so far. */
export async function resourceMapperFields(
	method: string,
	parameters: INodeParameters,
	credentials: HefflCredentials,
): Promise<ResourceMapperFields> {
	const heffl = hefflType();
	const mapper = (
		heffl.methods.resourceMapping as Record<
			string,
			(this: unknown) => Promise<ResourceMapperFields>
		>
	)[method];
	return await mapper.call(loadOptionsContext(parameters, credentials));
}
