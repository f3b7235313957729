/**
 * v2 deal writes (`--write`, §11.3): where a deal lands without a stage, and what a stage or
 * pipeline move does to it. The deal is for the run's contact; contact.delete-linked reads it.
 */
import type { IDataObject } from 'n8n-workflow';

import { unwrapRecord } from '../../nodes/shared/transport';
import { isObject, recordsOf, refusal } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';
import { definitionsOf, noContact, requiredValues, runContact } from './writeFixtures';

/**
 * A deal for this run's contact in the first pipeline, with the pipeline's required custom
 * fields; undefined without a contact, a string saying why there is none otherwise.
 */
export async function dealBody(kit: Kit, title: string): Promise<IDataObject | string | undefined> {
	const client = await runContact(kit);
	if (!client) return undefined;
	const pipeline = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 1 }))[0];
	if (!pipeline || !firstActive(pipeline)) return 'no pipeline with an ACTIVE stage';
	const definitions = await definitionsOf(kit, {
		entity: 'deals',
		pipelineId: String(pipeline.id),
	});
	return {
		title,
		clientId: String(client.id),
		pipelineId: String(pipeline.id),
		...requiredValues(definitions, kit),
	};
}

const dealDefaults: Check = {
	id: 'deal.create-defaults',
	title:
		"a new v2 deal without a stage gets its pipeline's first ACTIVE stage and status ACTIVE (§11.3)",
	depends: [],
	sandbox: 'sandbox/v2/crm/deals.ts',
	write: true,
	async run(kit) {
		const body = await dealBody(kit, `${kit.marker} deal`);
		if (!body) return noContact(kit);
		if (typeof body === 'string') return notChecked(body);
		const pipeline = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 1 }))[0];
		const first = firstActive(pipeline);
		const reply = await kit.probe.create('v2', '/deals', body, 'deal');
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`);
		const deal = unwrapRecord(reply.body as IDataObject);
		kit.shared.deal = deal;
		const seen = `stage ${String(deal.stageId)} (first ACTIVE: ${String(first?.id)}), status ${String(deal.status)}, currency ${String(deal.currency)}`;
		return deal.stageId === first?.id && deal.status === 'ACTIVE' ? holds(seen) : differs(seen);
	},
};

/** The first ACTIVE stage of a pipeline, by position: where a deal lands without a stage. */
function firstActive(pipeline: IDataObject | undefined): IDataObject | undefined {
	const stages = (Array.isArray(pipeline?.stages) ? pipeline.stages : []) as IDataObject[];
	return stages
		.filter((stage) => stage.type === 'ACTIVE')
		.sort((a, b) => Number(a.position) - Number(b.position))[0];
}

const dealUpdates: Check = {
	id: 'deal.updates',
	title:
		"a WON deal moved to an ACTIVE stage becomes ACTIVE; moved to another pipeline without a stage, it lands in that pipeline's first ACTIVE stage",
	depends: [],
	sandbox: 'sandbox/v2/crm/deals.ts',
	write: true,
	async run(kit) {
		const deal = kit.shared.deal;
		if (!isObject(deal)) return notChecked('no deal was created (deal.create-defaults)');
		const id = String(deal.id);
		const seen: string[] = [];
		let same = true;
		const pipelines = recordsOf('v2', await kit.probe.get('v2', '/pipelines', { pageSize: 100 }));
		const own = pipelines.find((pipeline) => pipeline.id === deal.pipelineId);
		const stages = (Array.isArray(own?.stages) ? own.stages : []) as IDataObject[];
		const another = stages.find((stage) => stage.type === 'ACTIVE' && stage.id !== deal.stageId);
		if (another) {
			const won = await kit.probe.change('v2', '/deals', id, 'PATCH', { status: 'WON' });
			const moved = won.ok
				? await kit.probe.change('v2', '/deals', id, 'PATCH', { stageId: String(another.id) })
				: won;
			if (!moved.ok) return differs(`refused: ${refusal(moved)}`);
			const status = unwrapRecord(moved.body as IDataObject).status;
			seen.push(`WON, then moved to another ACTIVE stage: status ${String(status)}`);
			same &&= status === 'ACTIVE';
		} else seen.push('one ACTIVE stage only: no stage move tried');
		const other = pipelines.find(
			(pipeline) => pipeline.id !== deal.pipelineId && firstActive(pipeline),
		);
		if (other) {
			const definitions = await definitionsOf(kit, {
				entity: 'deals',
				pipelineId: String(other.id),
			});
			const moved = await kit.probe.change('v2', '/deals', id, 'PATCH', {
				pipelineId: String(other.id),
				...requiredValues(definitions, kit),
			});
			if (!moved.ok) return differs(`${seen.join('; ')}; the move was refused: ${refusal(moved)}`);
			const stage = unwrapRecord(moved.body as IDataObject).stageId;
			seen.push(
				`moved to ${String(other.id)}: stage ${String(stage)} (first ACTIVE: ${String(firstActive(other)?.id)})`,
			);
			same &&= stage === firstActive(other)?.id;
		} else seen.push('one pipeline only: no move tried');
		if (!another && !other) return notChecked(seen.join('; '));
		return same ? holds(seen.join('; ')) : differs(seen.join('; '));
	},
};

export const DEAL_WRITE_CHECKS: Check[] = [dealDefaults, dealUpdates];
