import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { hefflRequest, recordPath, unwrapRecord } from '../../shared/transport';
import { fixedId, mapperField, readDefinitions, scopeOf } from '../../shared/records/customFields';
import type { ResourceSpec } from '../../shared/table/schema';
import { definitionsOf, plural, resourceParameter } from '../../shared/table/schema';
import { findResource } from '../versions';

/** The field of a record that names its definitions' scope: a deal's pipeline, a quotation's template. */
async function fromRecord(
	context: ILoadOptionsFunctions,
	resource: ResourceSpec,
	key: 'pipelineId' | 'templateId',
): Promise<string | undefined> {
	const id = fixedId(context.getCurrentNodeParameter(resourceParameter(resource)));
	if (!id) return undefined;
	const record = await hefflRequest.call(context, {
		api: resource.api,
		method: 'GET',
		path: recordPath(context.getNode(), resource.path, id, resource.displayName),
		recordLabel: resource.label,
	});
	const value = unwrapRecord(record)[key];
	return typeof value === 'string' && value ? value : undefined;
}

export const resourceMapping = {
	/**
	 * The custom fields of the record being written, from their definitions (§11.12, and a
	 * quotation template's `customFields`, §11.13): typed, with their allowed values, and
	 * required on Create where Heffl requires them. Update reads the record's own pipeline or
	 * template when the node is not told it.
	 */
	async getCustomFieldColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		const resource = findResource(
			this.getNode().typeVersion,
			String(this.getCurrentNodeParameter('resource')),
		);
		const source = definitionsOf(resource);
		if (!source)
			return {
				fields: [],
				emptyFieldsNotice: `${resource.displayName}s have no custom-field definitions`,
			};
		const operation = String(this.getCurrentNodeParameter('operation'));
		const updating = operation === 'update';
		const chosen = (parameter: string) =>
			fixedId(this.getCurrentNodeParameter(updating ? `updateFields.${parameter}` : parameter));
		try {
			const pipelineId =
				'entity' in source && source.entity === 'deals'
					? (chosen('pipeline') ??
						(updating ? await fromRecord(this, resource, 'pipelineId') : undefined))
					: undefined;
			const templateId =
				'template' in source
					? updating
						? await fromRecord(this, resource, 'templateId')
						: chosen('template')
					: undefined;
			const scope = scopeOf(source, { pipelineId, templateId });
			if (!scope)
				return {
					fields: [],
					emptyFieldsNotice: updating
						? `Choose the ${resource.label} (a fixed one, not an expression) to list its template's custom fields`
						: 'Choose a Template (a fixed one, not an expression) to list its custom fields',
				};
			const definitions = await readDefinitions.call(this, scope.scope);
			return {
				fields: definitions
					.map((definition) => mapperField(definition, operation === 'create'))
					.sort((a, b) => a.displayName.localeCompare(b.displayName)),
				emptyFieldsNotice: `Heffl has no custom fields for these ${plural(resource.label)}`,
			};
		} catch (error) {
			return {
				fields: [],
				emptyFieldsNotice: `Could not load the custom fields: ${(error as Error).message}. Set cf_ keys under Extra Fields (JSON) instead; they are checked when the node runs.`,
			};
		}
	},
};
