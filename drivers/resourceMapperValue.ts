/**
 * The value of a resource mapper parameter (Quotation → Create's custom fields) as n8n's
 * editor saves it into a workflow: what the samples of drivers/demo-workflows.ts and the
 * round trips of drivers/roundTrips.ts set, and test/e2e/n8n.test.ts reads.
 */

/** A column of the resource mapper: key, label, type, required, and whether the user removed it. */
type Column = [id: string, displayName: string, type: string, required: boolean, removed?: boolean];

/**
 * A resource mapper's value as the editor saves it: the values set, and the columns it
 * showed (n8n converts the values by these types before the node reads them).
 */
export function mapped(
	value: Record<string, string | number | boolean | null>,
	columns: readonly Column[],
	options: Record<string, string[]> = {},
) {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: columns.map(([id, displayName, type, required, removed = false]) => ({
			id,
			displayName,
			required,
			defaultMatch: false,
			display: true,
			canBeUsedToMatch: false,
			type,
			...(options[id] && {
				options: options[id].map((option) => ({ name: option, value: option })),
			}),
			removed,
		})),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}
