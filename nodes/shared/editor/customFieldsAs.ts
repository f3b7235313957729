/** Options → Custom Fields As, on the Heffl node (where records carry custom fields) and both triggers. */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { CUSTOM_FIELDS_AS } from '../table/schema';

export function customFieldsAsOption(
	description: string,
	displayOptions?: IDisplayOptions,
): INodeProperties {
	return {
		displayName: 'Custom Fields As',
		name: 'customFieldsAs',
		type: 'options',
		default: 'keys', // CUSTOM_FIELDS_AS.keys, written out for n8n's lint
		description,
		...(displayOptions && { displayOptions }),
		options: [
			{
				name: 'Keys',
				value: CUSTOM_FIELDS_AS.keys,
				description: "Heffl's keys, as in its API: cf_preferred_language",
			},
			{
				name: 'Labels',
				value: CUSTOM_FIELDS_AS.labels,
				description:
					"Their labels in Heffl's settings: Preferred Language (a label two fields share, or one like a field of the record, keeps its key beside it: Email (cf_email))",
			},
		],
	};
}
