import type { IDataObject } from 'n8n-workflow';

import { named, pipelineField } from '../builders';
import type { ResourceSpec } from '../schema';
import { stageFields } from './pipeline';

export const pipelineStage: ResourceSpec = {
	// §11.7: added to a pipeline, changed by its own ID; no list or get.
	value: 'pipelineStage',
	displayName: 'Pipeline Stage',
	label: 'pipeline stage',
	api: 'v2',
	path: '/pipeline-stages',
	reference: '§11.7',
	idPrefix: 'dps_',
	operations: ['create', 'update'],
	paths: { create: '/pipelines/{pipeline}/stages' },
	pickFrom: {
		api: 'v2',
		path: '/pipelines',
		records: (record) =>
			(Array.isArray(record.stages) ? (record.stages as IDataObject[]) : []).map((stage) => ({
				...stage,
				name: `${String(record.name)} › ${String(stage.name)}`,
			})),
	},
	title: named,
	fields: [
		{ ...pipelineField, main: true, required: true, inPath: true, on: ['create'] },
		...stageFields(true).map((field) => (field.main ? { ...field, on: undefined } : field)),
	],
};
