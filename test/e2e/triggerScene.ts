/**
 * What test/e2e/trigger.test.ts puts into its n8n before n8n starts (the imports go in
 * while it is stopped): the sandbox, the trigger workflows of each test, the signing-secret
 * credentials, and the pipelines and deals of the Filters test; and the calls the tests
 * make to the sandbox's API.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { expect } from 'vitest';

import type { NodeSpec, Workflow } from '../../drivers/real-n8n.mjs';
import { DONE, hefflTriggerWorkflow } from '../../drivers/real-n8n.mjs';
import type { StartedSandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { LossyRelay } from './lossyRelay';
import { lossyRelay } from './lossyRelay';
import { newSecret } from './triggerTools';

export type { Workflow };

export const TRIGGER = 'n8n-nodes-heffl.hefflTrigger';
export const heffl = { id: 'triggerHeffl', name: 'Heffl sandbox' };

/** Everything the tests share: built once, before n8n starts. */
export interface TriggerScene {
	sandbox: StartedSandbox;
	workflows: Workflow[];
	secretCredentials: IDataObject[];
	/** What must never appear in n8n's log or in an execution's data, by what it is. */
	secrets: Record<string, string>;
	automatic: Workflow;
	byHand: Workflow;
	byHandSecret: { id: string; secret: string };
	relay: LossyRelay;
	rotated: Workflow;
	restartPlain: Workflow;
	restartGuarded: Workflow;
	restartSecret: string;
	/** Deal Stage Changed filtered to one stage; its deals in the sandbox, the first 6 in that stage. */
	filtered: Workflow;
	filteredStage: string;
	pipelineStages: Array<{ pipelineId: string; stageIds: string[] }>;
	dealIds: string[];
	garbled: Array<{ label: string; workflow: Workflow }>;
}

/** Secrets a user may paste that are blank or garbled, by what each is. */
const GARBLED_SECRETS = [
	['blank', '   '],
	['the bare prefix', 'whsec_'],
	['padding only', 'whsec_===='],
	['not base64', 'whsec_this is not base64!'],
	['a 16-byte key', `whsec_${randomBytes(16).toString('base64')}`],
	['no whsec_ prefix', randomBytes(32).toString('base64')],
	['an expression yielding ""', '={{ "" }}'],
	['an expression yielding undefined', '={{ undefined }}'],
] as const;

/** Remove Duplicates keyed on the delivery's webhookId (n8n's database remembers it). */
const REMOVE_DUPLICATES: NodeSpec = {
	name: 'Remove Duplicates',
	type: 'n8n-nodes-base.removeDuplicates',
	typeVersion: 2,
	parameters: {
		operation: 'removeItemsSeenInPreviousExecutions',
		dedupeValue: '={{ $json.webhookId }}',
		options: {},
	},
};

/** Builds the scene; `webhookUrl` names a workflow's production webhook once n8n runs. */
export async function buildScene(webhookUrl: (workflow: Workflow) => string) {
	const sandbox = await startSandbox({
		rateLimit: false,
		seed: false,
		webhooks: { retryScheduleMs: [0, 300, 600], timeoutMs: 10_000, maxAttempts: 3 },
	});
	const workflows: Workflow[] = [];
	const secretCredentials: IDataObject[] = [];
	const secrets: Record<string, string> = {};

	/** Trigger → No Operation; `credentials` as the node carries them. */
	const triggerWorkflow = (
		key: string,
		parameters: IDataObject,
		{ credentials = {}, after = [] }: { credentials?: IDataObject; after?: NodeSpec[] } = {},
	) => {
		const workflow = hefflTriggerWorkflow(
			`wfTrig${key}`,
			`trigger ${key}`,
			{ parameters, credentials },
			[...after, DONE],
		);
		workflows.push(workflow);
		return workflow;
	};
	/** A workflow using a subscription made by hand, its secret in a credential. */
	const existingWorkflow = (key: string, secret: unknown, after: NodeSpec[] = []) => {
		const credential = { id: `secret${key}`, name: `Heffl signing secret ${key}` };
		secretCredentials.push({
			...credential,
			type: 'hefflWebhookSigningSecretApi',
			data: { signingSecret: secret },
		});
		return triggerWorkflow(
			key,
			{ subscription: 'existing', events: ['lead.created'] },
			{ credentials: { hefflWebhookSigningSecretApi: credential }, after },
		);
	};

	const automatic = triggerWorkflow(
		'Auto',
		{ events: ['lead.created'] },
		{ credentials: { hefflApi: heffl } },
	);

	const byHand = existingWorkflow('ByHand', 'placeholder');
	const relay = await lossyRelay(() => webhookUrl(byHand));
	const byHandSecret = await subscribeByHand(sandbox, relay.url);
	secretCredentials.at(-1)!.data = { signingSecret: byHandSecret.secret };
	secrets['the by-hand secret'] = byHandSecret.secret;

	secrets['the secret rotated away'] = newSecret();
	const rotated = existingWorkflow('Rotated', secrets['the secret rotated away']);

	const garbled = GARBLED_SECRETS.map(([label, secret], index) => ({
		label,
		workflow: existingWorkflow(`Bad${index}`, secret),
	}));

	const restartSecret = newSecret();
	secrets['the restart secret'] = restartSecret;
	const restartPlain = existingWorkflow('RestartPlain', restartSecret);
	const restartGuarded = existingWorkflow('RestartGuarded', restartSecret, [REMOVE_DUPLICATES]);

	const deals = await dealsInStages(sandbox);
	const filtered = triggerWorkflow(
		'Filtered',
		{
			events: ['deal.stageChanged'],
			dealFilters: {
				conditions: {
					condition: [{ field: 'stageId', operator: 'is', values: deals.filteredStage }],
				},
			},
		},
		{ credentials: { hefflApi: heffl } },
	);

	secrets['the API key'] = sandbox.apiKey;
	const scene: TriggerScene = {
		sandbox,
		workflows,
		secretCredentials,
		secrets,
		automatic,
		byHand,
		byHandSecret,
		relay,
		rotated,
		restartPlain,
		restartGuarded,
		restartSecret,
		filtered,
		garbled,
		...deals,
	};
	return scene;
}

/** Three pipelines (the sandbox's two and one more), 20 deals, 6 of them in the filtered stage. */
async function dealsInStages(sandbox: StartedSandbox) {
	await v2(sandbox, 'POST', '/pipelines', {
		name: 'Renewals',
		stages: [
			{ name: 'Open', type: 'ACTIVE' },
			{ name: 'Renewed', type: 'WON' },
			{ name: 'Lapsed', type: 'LOST' },
		],
	});
	const pipelineStages = sandbox.records('pipelines').map((pipeline) => ({
		pipelineId: String(pipeline.id),
		stageIds: (pipeline.stages as IDataObject[]).map((stage) => String(stage.id)),
	}));
	expect(pipelineStages).toHaveLength(3);
	const filteredStage = pipelineStages[0].stageIds[2];
	sandbox.bulkCreate('companies', 3);
	const dealIds = sandbox.bulkCreate('deals', 20);
	for (const id of dealIds.slice(0, 6))
		await v2(sandbox, 'PATCH', `/deals/${id}`, { stageId: filteredStage });
	return { pipelineStages, filteredStage, dealIds };
}

async function subscribeByHand(
	sandbox: StartedSandbox,
	url: string,
): Promise<{ id: string; secret: string }> {
	const answer = await fetch(`${sandbox.urls.v1}/webhooks`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name: 'by hand', url, events: ['lead.created'] }),
	});
	return (await answer.json()) as { id: string; secret: string };
}

/** A call to the sandbox's API v2 with its key. */
export async function v2(
	sandbox: StartedSandbox,
	method: string,
	path: string,
	body?: IDataObject,
) {
	const answer = await fetch(`${sandbox.urls.v2}${path}`, {
		method,
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: body && JSON.stringify(body),
	});
	if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
	return (await answer.json()) as IDataObject;
}

export async function createLead(sandbox: StartedSandbox, name: string) {
	const answer = await fetch(`${sandbox.urls.v1}/leads`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ name }),
	});
	return (await answer.json()) as IDataObject;
}
