/**
 * Answers to writes (`--write`): what a create answers (§10, §11: 200 with the record), what
 * a delete answers (§15 for v2; not documented for v1, §18), and the webhook subscription's
 * life (§12.1 POST; list, get and delete from the contract) without a public URL: an https
 * address under `.invalid`, which nothing answers. The signing secret is judged, never shown.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseSigningSecret } from '../../nodes/HefflTrigger/signature';
import { unwrapRecord } from '../../nodes/shared/transport';
import { idOf } from '../probe';
import type { Reply } from '../probe';
import { isObject, listing, pageOf, plural, refusal, resource, resourceFile } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const createAnswer: Check = {
	id: 'create.answer',
	title: 'a create answers 200 with the record (§10, §11: no 201 is shown)',
	depends: ['nodes/shared/transport/request.ts'],
	sandbox: 'sandbox/server.ts',
	write: true,
	async run(kit) {
		const creates = kit.probe.creates;
		if (!creates.length) return notChecked('nothing was created');
		const statuses = [...new Set(creates.map((create) => create.status))];
		const withoutId = creates.filter((create) => create.id === undefined);
		if (withoutId.length)
			return differs(
				`${plural(withoutId.length, 'create')} answered without the record's ID (${listing(withoutId.map((c) => c.path))})`,
			);
		const seen = `${plural(creates.length, 'create')} answered ${listing(statuses.map(String))} with the record`;
		return statuses.every((status) => status === 200)
			? holds(seen)
			: differs(seen, 'any 2xx with the record is taken (request.ts)');
	},
};

/** Deletes a record this run created, then asks for it: what the delete answered, and whether it is gone. */
async function deleteAndLook(kit: Kit, api: 'v1' | 'v2', path: string, id: string) {
	const reply = await kit.probe.remove(api, path, id);
	const after = await kit.probe.send(api, 'GET', kit.probe.pathOf(path, id));
	const body = reply.body;
	const shape =
		body === undefined || body === null || (isObject(body) && !Object.keys(body).length)
			? 'empty'
			: isObject(body) && body.deleted === true
				? '{id, deleted: true}'
				: idOf(body) === id
					? 'the record'
					: JSON.stringify(body).slice(0, 60);
	return {
		reply,
		gone: after.status === 404,
		shape,
		seen: `${api} DELETE ${path}/{id}: ${reply.status} ${shape}`,
	};
}

const deleteAnswer: Check = {
	id: 'delete.answer',
	title:
		'a delete answers 200: v1 {id, deleted: true}, v2 the deleted record (§15); then the record is gone',
	depends: ['nodes/Heffl/execute/genericOperations.ts'],
	sandbox: 'sandbox/server.ts',
	write: true,
	async run(kit) {
		const task = kit.probe.created.find((record) => record.path === '/tasks' && !record.deleted);
		const lead = kit.probe.created.find((record) => record.path === '/leads' && !record.deleted);
		if (!task && !lead) return notChecked('no task or lead of this run is left to delete');
		const results = [];
		if (lead)
			results.push({
				...(await deleteAndLook(kit, 'v1', '/leads', lead.id)),
				expected: '{id, deleted: true}',
			});
		if (task)
			results.push({
				...(await deleteAndLook(kit, 'v2', '/tasks', task.id)),
				expected: 'the record',
			});
		const seen = results.map((result) => result.seen).join('; ');
		const refused = results.find((result) => !result.reply.ok);
		if (refused) return differs(`${seen}: ${refusal(refused.reply)}`);
		if (results.some((result) => !result.gone))
			return differs(`${seen}; the record is still there`);
		return results.every(
			(result) => result.reply.status === 200 && result.shape === result.expected,
		)
			? holds(seen)
			: differs(
					seen,
					'the node outputs {id, deleted: true} with whatever Heffl answers, an empty answer too (genericOperations.ts)',
				);
	},
};

const WEBHOOKS = resource('webhookSubscription');

/** The kit's subscription body: `.invalid` never resolves, so nothing can receive a delivery. */
function subscription(kit: Kit, scheme: 'https' | 'http'): IDataObject {
	const name = `n8n: invoice.paid ${kit.marker} `;
	return {
		// 100 characters: the longest default name the node gives a subscription.
		name: name.padEnd(100, '.'),
		url: `${scheme}://heffl-conformance.invalid/${kit.runId}`,
		// An event no write of this run causes (the kit never creates invoices).
		events: ['invoice.paid'],
	};
}

/** A subscription's `status` as the kit reports it (the Heffl Trigger re-creates one whose status moved). */
const statusOf = (record: IDataObject) =>
	typeof record.status === 'string'
		? JSON.stringify(record.status)
		: `none (${typeof record.status})`;

const lifecycle: Check = {
	id: 'webhooks.lifecycle',
	title:
		'a webhook subscription is created (100-character name, a whsec_ secret of 24–64 bytes once), listed, read and deleted at v1 /webhooks; the status values it shows at create and list are recorded (§12.1: not documented)',
	depends: [
		resourceFile('webhookSubscription'),
		'nodes/HefflTrigger/signature.ts',
		'nodes/HefflTrigger/HefflTrigger.node.ts',
		'nodes/HefflTrigger/subscription.ts',
	],
	sandbox: 'sandbox/v1/webhooks.ts',
	write: true,
	async run(kit) {
		const problems: string[] = [];
		const steps: string[] = [];
		const created = await kit.probe.create(
			'v1',
			WEBHOOKS.path,
			subscription(kit, 'https'),
			'webhook subscription',
		);
		const id = idOf(created.body);
		if (!created.ok || !id) return differs(`create refused: ${refusal(created)}`);
		const record = unwrapRecord(created.body as IDataObject);
		const secret = parseSigningSecret(record.secret);
		if (!secret.valid) problems.push(`its secret ${secret.problem}`);
		steps.push(
			`created ${id}${secret.valid ? ' with a valid whsec_ secret' : ''}, status ${statusOf(record)}`,
		);
		let listed = false;
		let listedStatus = 'not listed';
		let cursor: unknown;
		for (let page = 0; page < 5 && !listed; page++) {
			const reply: Reply = await kit.probe.send('v1', 'GET', WEBHOOKS.path, {
				qs: { limit: 100, ...(cursor ? { cursor } : {}) },
			});
			const read = pageOf('v1', reply.body);
			const entry = (read.records ?? []).find((candidate) => String(candidate.id) === id);
			listed = entry !== undefined;
			if (entry) listedStatus = statusOf(entry);
			if (read.hasMore !== true) break;
			cursor = read.nextCursor;
		}
		if (!listed) problems.push('not found in GET /webhooks');
		else steps.push(`listed with status ${listedStatus}`);
		const one = await kit.probe.send('v1', 'GET', kit.probe.pathOf(WEBHOOKS.path, id));
		if (!one.ok) problems.push(`GET /webhooks/{id}: ${refusal(one)}`);
		else
			steps.push(
				`read${isObject(one.body) && 'secret' in one.body ? ' (the secret shown again)' : ''}`,
			);
		const removed = await kit.probe.remove('v1', WEBHOOKS.path, id);
		const after = await kit.probe.send('v1', 'GET', kit.probe.pathOf(WEBHOOKS.path, id));
		if (!removed.ok) problems.push(`DELETE: ${refusal(removed)}`);
		else if (after.status !== 404) problems.push(`still there after DELETE (${after.status})`);
		else steps.push(`deleted (${removed.status})`);
		return problems.length
			? differs(`${steps.join(', ')}; ${problems.join('; ')}`)
			: holds(steps.join(', '));
	},
};

const httpUrl: Check = {
	id: 'webhooks.http-url',
	title:
		'an http:// subscription URL is accepted with a warning (contract: "HTTP endpoints generate warnings")',
	depends: [],
	sandbox: 'sandbox/v1/webhooks.ts',
	write: true,
	async run(kit) {
		const created = await kit.probe.create(
			'v1',
			WEBHOOKS.path,
			subscription(kit, 'http'),
			'webhook subscription',
		);
		const id = idOf(created.body);
		if (id) await kit.probe.remove('v1', WEBHOOKS.path, id);
		const adapts =
			"the trigger registers n8n's own address; Heffl's refusal of an http one reaches the user as its message";
		if (!created.ok) return differs(`refused: ${refusal(created)}`, adapts);
		const warnings = isObject(created.body) ? created.body.warnings : undefined;
		return holds(
			`accepted${warnings ? ` with ${JSON.stringify(warnings).slice(0, 80)}` : ', no warning in the answer'}`,
		);
	},
};

export const WEBHOOK_CHECKS: Check[] = [lifecycle, httpUrl];

/** Run after the other write checks: they read every create of the run and delete its task and lead. */
export const LATE_WRITE_CHECKS: Check[] = [createAnswer, deleteAnswer];
