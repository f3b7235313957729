/**
 * Create or Update's own parameters, from the resource's match keys (table/matchKeys.ts):
 * Match By where there are several, then the value of the chosen key (a key that is a
 * main field, such as a company's Name, is asked for there, once).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { MatchKey } from '../../shared/table/matchKeys';
import { keyWords, matchKeysOf } from '../../shared/table/matchKeys';
import type { FieldSpec, ResourceSpec } from '../../shared/table/schema';
import { show } from '../../shared/editor/display';

const words = (key: MatchKey) => key.words ?? key.noun;

/** "Create or update company by website, name or e-mail". */
export const upsertAction = (resource: ResourceSpec) =>
	`Create or update ${resource.label} by ${keyWords(matchKeysOf(resource), words)}`;

/** "Update the lead with this e-mail address, or create one when none has it". */
export const upsertDescription = (resource: ResourceSpec) =>
	`Update the ${resource.label} with this ${keyWords(matchKeysOf(resource), (key) => key.noun)}, or create one when none has it`;

/** Show options of a key's parameter: Create or Update, and Match By on that key where there is a choice. */
function shownFor(resource: ResourceSpec, key: MatchKey, keys: MatchKey[]) {
	const shown = show(resource, ['upsert']);
	return keys.length > 1 ? { show: { ...shown.show, matchBy: [key.name] } } : shown;
}

export function upsertProperties(resource: ResourceSpec): INodeProperties[] {
	const keys = matchKeysOf(resource);
	const properties: INodeProperties[] = [];
	const firstKey = keys[0]?.name;
	if (keys.length > 1)
		properties.push({
			displayName: 'Match By',
			name: 'matchBy',
			type: 'options',
			noDataExpression: true,
			required: true,
			default: firstKey,
			displayOptions: show(resource, ['upsert']),
			description: `What the ${resource.label} is found by`,
			// The default first (as a domain, a website sorts before the rest), each description short enough to show whole.
			options: keys
				.map((key) => ({
					name: key.noun === 'website' ? 'Domain (Website)' : key.displayName,
					value: key.name,
					description: key.describe(resource.label).split(/:| \(/)[0],
				}))
				.sort((a, b) => a.name.localeCompare(b.name)),
		});
	for (const key of keys.filter((candidate) => !candidate.field.main))
		properties.push({
			displayName: key.displayName,
			name: key.name,
			type: 'string',
			required: true,
			default: '',
			placeholder: key.placeholder,
			displayOptions: shownFor(resource, key, keys),
			description: `${key.describe(resource.label)}. One ${resource.label} with it: updated with the fields below. None: one is created with it. Several: an error naming them.`,
		});
	return properties;
}

/**
 * Additional Fields on Create or Update leave out the field the record is found by where it
 * is the only key (asked for at the top). Where Match By offers several, each stays offered
 * (a company matched by name may be given its website); one that differs from the key the
 * record is found by is refused (upsert.ts). Undefined: the field is offered as on Create.
 */
export function hiddenOnUpsert(resource: ResourceSpec, field: FieldSpec) {
	const keys = matchKeysOf(resource);
	if (field.main || keys.length !== 1 || keys[0].name !== field.name) return undefined;
	return { hide: { '/operation': ['upsert'] } };
}
