/**
 * The Heffl Trigger's settings, checked where n8n cannot: Timestamp Tolerance and Trigger On
 * from expressions fail activation naming the field (and deliveries then run nothing), and
 * what the editor shows (Title Case events, the subtitle). The secrets and each delivery
 * once: failClosed.test.ts.
 */
import type { INodeProperties } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import { wantedEvents } from '../../nodes/HefflTrigger/settings';
import { EVENT_CATALOGUE } from '../../nodes/shared/table/events';
import { useSandbox } from '../../drivers/harness/context';
import { nodeTypes } from '../../drivers/harness/n8n';
import { deliverLeadEvent as deliver, newSecret, useTriggers } from './openTriggers';

const ctx = useSandbox();
const { existing } = useTriggers(ctx);


describe('Timestamp Tolerance and Trigger On from expressions', () => {
	test.each([
		['NaN', '={{ NaN }}'],
		['negative', -5],
		['zero', 0],
		['text', 'soon'],
		['over the cap', 86_400],
	])(
		'a tolerance of %s fails activation naming the field, and deliveries get 500 and run nothing',
		async (_label, toleranceSeconds) => {
			const secret = newSecret();
			const harness = await existing({ options: { toleranceSeconds } });
			harness.signingSecretCredential = secret;
			await expect(harness.activate()).rejects.toMatchObject({
				message: expect.stringContaining(
					'Timestamp Tolerance (Seconds) must be a number from 1 to 3600',
				),
			});
			const answer = await deliver(harness, secret);
			expect(answer.status).toBe(500);
			expect(harness.executions).toHaveLength(0);
		},
	);

	test('Trigger On as a comma-separated string is split, never matched as a substring', async () => {
		expect(wantedEvents('lead.created, deal.updated')).toEqual(['lead.created', 'deal.updated']);
		expect(wantedEvents('Lead Created')).toEqual(['lead.created']);
		expect(wantedEvents('*')).toHaveLength(EVENT_CATALOGUE.length);
		expect(wantedEvents(['lead.created', ' lead.created '])).toEqual(['lead.created']);
		const secret = newSecret();
		const harness = await existing({ events: '=lead.created.extra, deal.updated' });
		harness.signingSecretCredential = secret;
		expect((await deliver(harness, secret, undefined, 'lead.created')).body).toContain('ignored');
		expect((await deliver(harness, secret, undefined, 'deal.updated')).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
	});

	test('an empty Trigger On fails activation with what to choose', async () => {
		const harness = await existing({ events: [] });
		harness.signingSecretCredential = newSecret();
		await expect(harness.activate()).rejects.toMatchObject({ message: 'Trigger On has no event' });
	});
});

describe('what the editor shows', () => {
	const description = new HefflTrigger().description;
	const triggerOn = description.properties.find(
		(property) => property.name === 'events',
	) as INodeProperties;

	test('Trigger On: Title Case names from the events table, alphabetical after All Events, no tooltip', () => {
		const names = (triggerOn.options as Array<{ name: string; value: string }>).map(
			(option) => option.name,
		);
		expect(names[0]).toBe('All Events');
		expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => a.localeCompare(b)));
		for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
		expect(names).toContain('Lead Created');
		expect(names).toHaveLength(EVENT_CATALOGUE.length + 1);
		expect(triggerOn.description).toBeUndefined();
		expect(triggerOn.hint).toBeUndefined();
	});

	test.each([
		[['lead.created', 'deal.stageChanged'], 'Lead Created, Deal Stage Changed'],
		[['*'], 'All'],
		[['lead.teleported'], 'lead.teleported'],
	])('the subtitle of %j reads %s', (events, expected) => {
		const node = {
			id: 'n',
			name: 'Heffl Trigger',
			type: 'n8n-nodes-heffl.hefflTrigger',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: { events },
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		const subtitle = workflow.expression.getSimpleParameterValue(
			node,
			String(description.subtitle),
			'internal',
			{},
		);
		expect(subtitle).toBe(expected);
	});
});
