/**
 * A resource's own operation runs from one module and one line (nodes/Heffl/operations/)
 * and shows through one entry of descriptions/ownOperations.ts where it is new or has
 * parameters; each half has the other. Its parameters appear for its resource and operation only, a new operation joins the
 * Operation list with its action, and one that replaces a generic operation keeps the
 * generic parameters. (Their runs are proven where they act: Contact → Delete's refusal
 * in test/resources/contact.test.ts, Webhook Subscription → Create in
 * test/resources/webhookSubscription.test.ts.)
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { actionsOf } from '../../nodes/Heffl/descriptions/operationProperties';
import { resourceProperties } from '../../nodes/Heffl/descriptions/resourceProperties';
import { OWN_OPERATION_DESCRIPTIONS } from '../../nodes/Heffl/descriptions/ownOperations';
import type { OwnOperationDescription } from '../../nodes/Heffl/contract/ownOperation';
import { OWN_OPERATIONS } from '../../nodes/Heffl/operations';
import { RESOURCES } from '../../nodes/shared/table/resources';
import { lead } from '../../nodes/shared/table/resources/lead';

const convert: OwnOperationDescription = {
	resource: 'lead',
	operation: 'convert',
	option: { name: 'Convert', action: 'Convert a lead', description: 'Turn a lead into a client' },
	properties: [{ displayName: 'Keep Lead', name: 'keepLead', type: 'boolean', default: false }],
};

describe('own operations', () => {
	test('a new one is listed, sorted by name, with its action, and its parameters show for it alone', () => {
		const properties = resourceProperties(lead, [...OWN_OPERATION_DESCRIPTIONS, convert]);
		const operation = properties.find((property) => property.name === 'operation');
		const options = operation?.options as INodePropertyOptions[];
		expect(options.map((option) => option.name)).toEqual(
			[...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b)),
		);
		expect(options).toContainEqual(
			expect.objectContaining({ name: 'Convert', value: 'convert', action: 'Convert a lead' }),
		);
		expect(properties.find((property) => property.name === 'keepLead')?.displayOptions).toEqual({
			show: { resource: ['lead'], operation: ['convert'] },
		});
		expect(actionsOf(lead, [convert])['lead:convert']).toBe('Convert a lead');
	});

	test('each half has the other: a run for every description, an option for every new run', () => {
		const key = ({ resource, operation }: { resource: string; operation: string }) =>
			`${resource}:${operation}`;
		const runs = OWN_OPERATIONS.map(key);
		expect(
			OWN_OPERATION_DESCRIPTIONS.map(key).filter((described) => !runs.includes(described)),
		).toEqual([]);
		const isGeneric = ({ resource, operation }: { resource: string; operation: string }) =>
			RESOURCES.find((entry) => entry.value === resource)?.operations.includes(
				operation as never,
			) ?? false;
		const offered = OWN_OPERATION_DESCRIPTIONS.filter((own) => own.option).map(key);
		expect(
			OWN_OPERATIONS.filter((own) => !isGeneric(own) && !offered.includes(key(own))).map(key),
		).toEqual([]);
	});

	test('one that replaces a generic operation adds no option and keeps the generic parameters', () => {
		const replacing = { ...convert, operation: 'create', option: undefined, properties: [] };
		expect(resourceProperties(lead, [replacing])).toEqual(resourceProperties(lead, []));
	});
});
