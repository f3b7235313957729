/**
 * What the bad-input corpus (badInputCorpus.ts, refusedValues.ts) builds its cases from:
 * a locator by ID or from an expression, a lead, a quotation and a custom field to create,
 * filter conditions, the pattern of a required parameter's refusal, and JSON nested deep.
 */
import type { INodeParameters } from 'n8n-workflow';

/** A record locator by ID, as the editor saves one. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const lead = (extra: INodeParameters) => ({
	resource: 'lead',
	operation: 'create',
	name: 'Ada',
	...extra,
});
// An empty required parameter is stopped by n8n's own check, which names it too.
export const required = (name: string) => new RegExp(`^${name}: |Parameter "${name}" is required`);
export const expr = (value: string) => byId(`={{ ${JSON.stringify(value)} }}`);
export const conditions = (...condition: INodeParameters[]) => ({ conditions: { condition } });
export const quotation = (extra: INodeParameters) => ({
	resource: 'quotation',
	operation: 'create',
	client: expr('clt_1'),
	template: 'tpl_1',
	date: '2026-11-25',
	...extra,
});
/** JSON nested 5,000 levels deep. */
export const DEEP = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
export const customField = (label: string, value: string, valueType?: string) =>
	lead({ customFields: { field: [{ label, value, ...(valueType && { valueType }) }] } });
