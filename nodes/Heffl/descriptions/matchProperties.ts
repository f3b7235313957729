/**
 * What Create or Update asks for to find the record: Match By (when the resource has more
 * than one key) and the key's value, at the top. A key that is one of Create's own top
 * fields (a company's Name) is not asked twice: that field is the key.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { MatchKey } from '../../shared/table/matchKeys';
import { MATCH_KEYS } from '../../shared/table/matchKeys';
import type { ResourceSpec } from '../../shared/table/schema';
import { fieldKey, fieldsOf } from '../../shared/table/schema';
import { show } from '../../shared/editor/display';

/** The keys a resource upserts by (e-mail where its entry names none). */
export const matchKeysOf = (resource: ResourceSpec): MatchKey[] =>
	(resource.matchBy ?? ['email']).map((name) => MATCH_KEYS[name]);

const PLACEHOLDERS: Record<MatchKey['value'], string> = {
	email: 'e.g. nathan@example.com',
	website: 'e.g. acme.com',
	name: 'e.g. Acme Trading LLC',
	sku: 'e.g. AUDIT-01',
};

/** "One lead with it: updated …": what happens with each number of matches. */
const outcomes = (label: string) =>
	`One ${label} with it: updated with the fields below. None: one is created with it. Several: an error naming them.`;

function keyDescription(key: MatchKey, resource: ResourceSpec): string {
	// The e-mail's words are the leads' and contacts' since issue 35.
	if (key.value === 'email')
		return `The whole e-mail address to find the ${resource.label} by (exact, ignoring case; part of one is refused). ${outcomes(resource.label)}`;
	return `The ${key.noun} to find the ${resource.label} by, compared ${key.compared.replace(/^the whole \w+, /, '')}. ${outcomes(resource.label)}`;
}

export function matchProperties(resource: ResourceSpec): INodeProperties[] {
	const keys = matchKeysOf(resource);
	const properties: INodeProperties[] = [];
	if (keys.length > 1) {
		properties.push({
			displayName: 'Match By',
			name: 'matchBy',
			type: 'options',
			noDataExpression: true,
			default: String(keys[0].value),
			displayOptions: show(resource, ['upsert']),
			description: `What the ${resource.label} is found by`,
			options: keys.map((key) => ({
				name: key.displayName,
				value: key.value,
				description: `Compared ${key.compared}`,
			})),
		});
	}
	const topFields = fieldsOf(resource, 'create').filter((field) => field.main);
	for (const key of keys) {
		if (topFields.some((field) => fieldKey(field) === key.field)) continue;
		const shown = show(resource, ['upsert']);
		properties.push({
			displayName: key.displayName,
			name: key.value,
			type: 'string',
			required: true,
			default: '',
			placeholder: PLACEHOLDERS[key.value],
			displayOptions: keys.length > 1 ? { show: { ...shown.show, matchBy: [key.value] } } : shown,
			description: keyDescription(key, resource),
		});
	}
	return properties;
}
