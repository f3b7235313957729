/**
 * The custom fields a write sets, as `[key, value, where]`: the resource mapper's values
 * where Heffl has definitions for the resource, else those entered by label or key, each
 * checked as its Type says. body.ts puts them in the body; customFieldCheck.ts checks them
 * against the definitions.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asScalarText, checked, fail } from '../../shared/checks';
import { customFieldKey } from '../../shared/records/customFields';
import { checkValue, isUnset } from '../../shared/records/fieldChecks';
import { text } from '../../shared/table/builders';
import type { FieldSpec, ResourceSpec } from '../../shared/table/schema';
import { definitionsOf } from '../../shared/table/schema';

/** One custom field set: its key, its checked value, and where it was set (for messages). */
type Entry = [string, IDataObject[string], string];

const CUSTOM_VALUE_FORMATS: Record<string, FieldSpec['format']> = {
	date: 'date',
	dateTime: 'dateTime',
	json: 'json',
};

/** A value of the custom-field mapper: one value (or, for multi-option fields, a list of them). */
const MAPPED_VALUE = text('value', 'Custom Fields', 'A custom field of the mapper');

/** The Type options of a custom field entered by label. */
const CUSTOM_VALUE_TYPES = ['boolean', 'date', 'dateTime', 'json', 'number', 'string'];

/** The custom fields set on an item: the mapper's, or those entered by label, or none. */
export function customFieldEntries(
	context: IExecuteFunctions,
	resource: ResourceSpec,
	itemIndex: number,
): Entry[] {
	if (definitionsOf(resource)) return mappedEntries(context, itemIndex);
	if (resource.customFields !== 'byLabel') return [];
	return byLabelEntries(context, itemIndex);
}

/** The resource mapper's values, each one value (or a list of them, for multi-option fields). */
function mappedEntries(context: IExecuteFunctions, itemIndex: number): Entry[] {
	const entries: Entry[] = [];
	const values = (context.getNodeParameter('customFieldsMapping.value', itemIndex, null) ??
		{}) as IDataObject;
	for (const [key, value] of Object.entries(values)) {
		// Left empty: not sent. An empty object is not empty: it is refused below.
		if (isUnset(MAPPED_VALUE, value) || (Array.isArray(value) && value.length === 0)) continue;
		// One value each (a multi-option field may take a list); its definition decides the form.
		const one = (entry: unknown) => {
			const text = checked(
				context.getNode(),
				itemIndex,
				`Custom Fields › ${key}`,
				asScalarText(entry, 'one value'),
			);
			// A date n8n turned into a DateTime is sent as text; other values as given.
			return entry !== null && typeof entry === 'object' ? text : (entry as IDataObject[string]);
		};
		entries.push([
			key,
			Array.isArray(value) ? (value.map(one) as IDataObject[string]) : one(value),
			'Custom Fields',
		]);
	}
	return entries;
}

/** Custom fields entered by label or key, each checked as its Type says. */
function byLabelEntries(context: IExecuteFunctions, itemIndex: number): Entry[] {
	const entries: Entry[] = [];
	const manual = context.getNodeParameter('customFields.field', itemIndex, []) as Array<{
		label?: string;
		value?: unknown;
		valueType?: string;
	}>;
	manual.forEach((entry, position) => {
		const where = `Custom Fields › field ${position + 1}`;
		const member = (name: 'label' | 'valueType', displayName: string) => {
			const field = text(name, displayName, 'A custom field entered by label');
			return isUnset(field, entry[name])
				? undefined
				: String(
						checked(
							context.getNode(),
							itemIndex,
							`${where} › ${displayName}`,
							checkValue(field, entry[name]),
						),
					);
		};
		const label = member('label', 'Label or Key');
		if (label === undefined) {
			checked(
				context.getNode(),
				itemIndex,
				where,
				fail('has no label', 'Enter the label shown in Heffl, or the cf_ key.'),
			);
		}
		const type = member('valueType', 'Type') ?? 'string';
		if (!CUSTOM_VALUE_TYPES.includes(type))
			checked(
				context.getNode(),
				itemIndex,
				`${where} › Type`,
				fail(`'${type}' is not a type`, `Use one of: ${CUSTOM_VALUE_TYPES.join(', ')}.`),
			);
		const key = customFieldKey(String(label));
		const field: FieldSpec = {
			name: key,
			displayName: key,
			type: type === 'number' || type === 'boolean' ? type : 'string',
			format: CUSTOM_VALUE_FORMATS[type],
		};
		if (isUnset(field, entry.value)) return;
		entries.push([
			key,
			checked(
				context.getNode(),
				itemIndex,
				`${where} › Value (${key})`,
				checkValue(field, entry.value),
			),
			where,
		]);
	});
	return entries;
}
