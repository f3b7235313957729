/**
 * The three rounds of signed deal.stageChanged deliveries of the Filters test
 * (test/e2e/trigger.test.ts) to the trigger filtered to one stage: 100 that show the
 * stage, each sent twice; 100 that leave it out (the deal is read); one with the key's
 * budget spent. Each returns what the test compares: answers, executions, reads.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Session } from '../../drivers/real-n8n.mjs';
import type { TriggerScene } from './triggerScene';
import { redeliverLate, sendInBatches, settledExecutions, signed, sleep } from './triggerTools';

/** Where the rounds are sent: the filtered trigger's URL and secret, in the n8n that runs it. */
export interface FilteredTrigger {
	scene: TriggerScene;
	session: Session;
	url: string;
	secret: string;
}

/** The executions n8n saved of the filtered trigger, once at least `atLeast` settled. */
const settled = ({ scene, session }: FilteredTrigger, atLeast: number) =>
	settledExecutions(session, scene.filtered.id, atLeast);

/** A signed deal.stageChanged delivery of `record`. */
const stageChange = (secret: string, record: IDataObject) =>
	signed(
		secret,
		undefined,
		JSON.stringify({
			event: 'deal.stageChanged',
			timestamp: new Date().toISOString(),
			payload: record,
		}),
	);

export const answered2xx = (statuses: number[]) =>
	statuses.filter((status) => status >= 200 && status < 300).length;

/** 1: 30 into the filtered stage, 70 into the other stages of the 3 pipelines, each sent twice. */
export async function sendStagesShown(target: FilteredTrigger) {
	const { scene, session, url, secret } = target;
	const { pipelineStages, filteredStage } = scene;
	const shown = Array.from({ length: 100 }, (_, index) => {
		const into = index % 10 < 3;
		const { pipelineId, stageIds } = pipelineStages[into ? 0 : index % 3];
		const others = stageIds.filter((stage) => stage !== filteredStage);
		const stageId = into ? filteredStage : others[index % others.length];
		return stageChange(secret, { id: `dl_e2e${index}`, pipelineId, stageId });
	});
	const started = Date.now();
	const answers = await sendInBatches(shown, url, { copies: 2, batch: 5 });
	const ms = Date.now() - started;
	const executions = await settled(target, 30);
	let intoStage = 0;
	for (const execution of executions) {
		const { outputs } = await session.outputs(String(execution.id));
		const [item] = outputs['Heffl Trigger'] as IDataObject[];
		if ((item.record as IDataObject).stageId === filteredStage) intoStage++;
	}
	return { answers, ms, executions: executions.length, intoStage };
}

/** 2: the same deals' moves as deliveries that leave the stage out (§12.5): read, then judged. */
export async function sendStagesLeftOut(target: FilteredTrigger) {
	const { scene, url, secret } = target;
	const { sandbox, dealIds } = scene;
	sandbox.clearRequests();
	const bare = Array.from({ length: 100 }, (_, index) =>
		stageChange(secret, { id: dealIds[index % 20] }),
	);
	const answers = await sendInBatches(bare, url);
	// A read that does not come back in time is answered 503 so that Heffl delivers again
	// (a CI run at load 14 met one): delivered again here as Heffl would, and counted.
	const redelivered = await redeliverLate(bare, answers, url);
	const reads = sandbox.requests.filter(
		(request) => request.method === 'GET' && /^\/api\/v2\/deals\/[^/?]+$/.test(request.path),
	).length;
	const executions = (await settled(target, 60)).length;
	return { answers, redelivered, reads, executions };
}

/** 3: the key's budget spent (1 request in 12 s, used up): 503, nothing remembered; later, twice. */
export async function sendWithBudgetSpent(target: FilteredTrigger) {
	const { scene, url, secret } = target;
	const { sandbox } = scene;
	sandbox.setRateLimit({ limit: 1, windowMs: 12_000 });
	await fetch(`${sandbox.urls.v2}/pipelines`, { headers: { 'x-api-key': sandbox.apiKey } });
	const late = stageChange(secret, { id: scene.dealIds[0] });
	const firstAnswer = (await late.send(url)).status;
	const spentAt = Date.now();
	sandbox.setRateLimit(false);
	await sleep(Math.max(0, spentAt + 12_500 - Date.now()));
	const laterAnswers = [(await late.send(url)).status, (await late.send(url)).status];
	const executions = (await settled(target, 61)).length;
	return { firstAnswer, laterAnswers, executions };
}
