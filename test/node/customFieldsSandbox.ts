/**
 * The custom-field tests' sandbox and helpers (customFields.test.ts, customFieldValues.test.ts):
 * the Heffl node run against it, the resource mapper's fields, a mapper value as the editor
 * saves it, and the sandbox's definitions (its store, seeded from sandbox/v2/seed.ts).
 */
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { useSandbox } from '../../drivers/harness/context';
import { resourceMapperFields, runHeffl } from '../../drivers/harness/n8n';

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A Custom Fields resource mapper's value as the editor saves it, with `value`'s fields. */
export const mapping = (value: NonNullable<ResourceMapperValue['value']>): ResourceMapperValue => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/** A sandbox for the file, and the helpers that read it and run the node against it. */
export function useCustomFieldsSandbox() {
	const ctx = useSandbox();
	const heffl = (
		parameters: INodeParameters,
		options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
	) => runHeffl(parameters, ctx.credentials, options);
	const mapper = (parameters: INodeParameters) =>
		resourceMapperFields('getCustomFieldColumns', parameters, ctx.credentials);
	/** The sandbox's definitions of an entity (those of every pipeline and of `pipelineId`). */
	const definitions = (entity: string, pipelineId: string | null = null) =>
		ctx.sandbox
			.records('customFields' as never)
			.filter(
				(definition) =>
					definition.entity === entity &&
					(definition.pipelineId === null || definition.pipelineId === pipelineId),
			);
	const pipelines = () => ctx.sandbox.records('pipelines');
	const template = () =>
		ctx.sandbox
			.records('templates')
			.find((record) => record.name === 'Project Quotation') as IDataObject;
	const firstId = (kind: string) => String(ctx.sandbox.records(kind as never)[0].id);
	const writes = () => ctx.apiRequests().filter((request) => request.method !== 'GET');
	const definitionReads = () =>
		ctx.apiRequests().filter((request) => request.path.includes('/custom-fields'));
	return { ctx, heffl, mapper, definitions, pipelines, template, firstId, writes, definitionReads };
}
