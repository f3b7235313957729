import { choice, EXPRESSION_HINT, pipelineField } from '../builders';
import type { ResourceSpec } from '../schema';

export const customField: ResourceSpec = {
	// §11.12: definitions per entity; deals' pipeline-scoped ones with pipelineId. Its only
	// documented parameters are these two: no page size is sent.
	value: 'customField',
	displayName: 'Custom Field',
	label: 'custom field',
	api: 'v2',
	path: '/custom-fields',
	reference: '§11.12',
	operations: ['getAll'],
	noPageSize: true,
	filters: [
		{
			...choice(
				'entity',
				'Entity',
				['contacts', 'companies', 'deals', 'tasks'],
				'Whose custom fields to list',
				{ main: true, required: true, default: 'deals' },
			),
			filter: 'server',
		},
		{
			...pipelineField,
			description: `Deals only: adds the fields of this pipeline. ${EXPRESSION_HINT}.`,
			filter: 'server',
		},
	],
};
