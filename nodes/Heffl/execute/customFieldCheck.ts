/**
 * The custom fields of a write checked against Heffl's definitions (the core's
 * records/customFields.ts) before anything is sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checked, isEmpty } from '../../shared/checks';
import type { CustomFieldDefinition, DefinitionScope } from '../../shared/records/customFields';
import { customFieldValue, readDefinitions, scopeOf } from '../../shared/records/customFields';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf, plural } from '../../shared/table/schema';
import type { Written } from './body';
import type { ExecutionState } from '../contract/executionState';

/** A scope's definitions, read once per execution (a write's check and Labels share it). */
export async function definitionsOnce(
	context: IExecuteFunctions,
	state: ExecutionState,
	scope: DefinitionScope,
	request: { itemIndex: number; maxRetries?: number },
): Promise<CustomFieldDefinition[] | Error> {
	const key = JSON.stringify(scope);
	let read = state.definitions.get(key);
	if (!read) {
		read = readDefinitions.call(context, scope, request).catch((error: Error) => error);
		state.definitions.set(key, read);
	}
	return await read;
}

/** What a definition list covers, for messages: "deals in pipeline dpl_1". */
function scopeName(resource: ResourceSpec, body: IDataObject): string {
	if (fromTemplate(resource)) return `the quotation template ${String(body.templateId)}`;
	return body.pipelineId === undefined
		? `Heffl's ${plural(resource.label)}`
		: `${plural(resource.label)} in pipeline ${String(body.pipelineId)}`;
}

const fromTemplate = (resource: ResourceSpec) => {
	const source = definitionsOf(resource);
	return source !== undefined && 'template' in source;
};

/**
 * The custom fields of a write checked against their definitions before anything is
 * sent. Values are converted to their definition's type; a key no definition has is
 * refused where the definitions are the whole set for the record; a create without a
 * required custom field is refused. Definitions are read once per execution and scope;
 * when they cannot be read the values go to Heffl as given, and the output says so.
 */
export async function checkCustomFields(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	written: Written,
	creating: boolean,
	request: { itemIndex: number; maxRetries: number },
	state: ExecutionState,
): Promise<void> {
	const { body, customFields } = written;
	const source = definitionsOf(resource);
	if (!source || (!creating && customFields.size === 0)) return;
	const where = scopeOf(source, {
		pipelineId: typeof body.pipelineId === 'string' ? body.pipelineId : undefined,
		templateId: typeof body.templateId === 'string' ? body.templateId : undefined,
	});
	if (!where) return;
	const cacheKey = JSON.stringify(where.scope);
	const definitions = await definitionsOnce(context, state, where.scope, request);
	const node = context.getNode();
	const { itemIndex } = request;
	if (definitions instanceof Error) {
		if (!state.unreadDefinitions.has(cacheKey)) {
			state.unreadDefinitions.add(cacheKey);
			context.addExecutionHints({
				message: `The custom-field definitions of ${scopeName(resource, body)} could not be read (${definitions.message}); custom fields were sent as given, unchecked.`,
				location: 'outputPane',
			});
		}
		return;
	}
	const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
	const known = (list: CustomFieldDefinition[]) =>
		list.map((definition) => `${definition.label} (${definition.key})`).join(', ') || 'none';
	for (const [key, origin] of customFields) {
		const definition = byKey.get(key);
		if (definition) {
			body[key] = checked(
				node,
				itemIndex,
				`${origin} › ${definition.label}`,
				customFieldValue(definition, body[key]),
			);
		} else if (where.complete) {
			throw new NodeOperationError(
				node,
				`${origin} › ${key}: ${scopeName(resource, body)} ${fromTemplate(resource) ? 'has' : 'have'} no custom field with this key`,
				{
					itemIndex,
					description: `Nothing was sent. Custom fields there: ${known(definitions)}. Pick one from the list, or add the field in Heffl (Settings → Custom fields).`,
				},
			);
		}
	}
	if (!creating) return;
	const missing = definitions.filter(
		(definition) => definition.required && isEmpty(body[definition.key]),
	);
	if (missing.length) {
		throw new NodeOperationError(
			node,
			`Custom Fields: ${scopeName(resource, body)} ${fromTemplate(resource) ? 'requires' : 'require'} ${known(missing)}`,
			{ itemIndex, description: 'Nothing was sent. Set them under Custom Fields.' },
		);
	}
}
