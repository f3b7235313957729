/**
 * Lead reads: what v2 lead rows show (the polling trigger and Lead filters read them) and v1
 * leads' stage and source by name.
 */
import {
	listing,
	newestFirst,
	plural,
	POLLED_LISTS,
	recordsOf,
	refusal,
	resourceFile,
	timeOf,
} from '../reads';
import type { Check } from '../types';
import { differs, holds, notChecked } from '../types';

const lower = (value: unknown) =>
	String(value ?? '')
		.trim()
		.toLowerCase();

const leadRows: Check = {
	id: 'leads.v2-rows',
	title:
		'v2 GET /leads rows have id and createdAt, and show what Lead filters check (stage, source, archived)',
	depends: ['nodes/HefflPollingTrigger/readNew.ts', resourceFile('lead')],
	sandbox: 'sandbox/v2/refdata.ts',
	async run(kit) {
		const list = POLLED_LISTS.find((candidate) => candidate.value === 'lead');
		const reply = await newestFirst(kit, list ?? { api: 'v2', path: '/leads' });
		if (!reply.ok) return differs(`GET /v2/leads: ${refusal(reply)}`);
		const rows = recordsOf('v2', reply);
		if (!rows.length) return notChecked('the account has no leads');
		const broken = rows.filter(
			(row) => typeof row.id !== 'string' || timeOf(row.createdAt) === undefined,
		);
		if (broken.length)
			return differs(`${plural(broken.length, 'row')} without a string id or an ISO createdAt`);
		const missing = ['stage', 'source', 'archived'].filter(
			(key) => !rows.some((row) => key in row),
		);
		if (missing.length)
			return differs(
				`rows show no ${listing(missing)}`,
				'a poll with a Lead filter on a field its rows do not show fails with a message naming it (readNew.ts)',
			);
		return holds(`${plural(rows.length, 'row')} with id, createdAt, stage, source and archived`);
	},
};

const stageNames: Check = {
	id: 'leads.stage-names',
	title:
		'a v1 lead shows its stage and source by name, as /leads/stages and /leads/sources list them',
	depends: [resourceFile('lead')],
	sandbox: 'sandbox/resources.ts',
	async run(kit) {
		const leads = recordsOf('v1', await kit.probe.get('v1', '/leads', { limit: 50 }));
		const problems: string[] = [];
		let compared = 0;
		for (const [key, path] of [
			['stage', '/leads/stages'],
			['source', '/leads/sources'],
		]) {
			const names = new Set(
				recordsOf('v1', await kit.probe.get('v1', path, { limit: 100 })).map((record) =>
					lower(record.name ?? record.label),
				),
			);
			const values = leads
				.map((lead) => lead[key])
				.filter((value) => value !== null && value !== undefined);
			compared += values.length;
			const unknown = values.filter((value) => !names.has(lower(value)));
			if (unknown.length)
				problems.push(`${key} ${JSON.stringify(unknown[0])} is not a name in ${path}`);
		}
		if (problems.length) return differs(problems.join('; '));
		if (!compared) return notChecked('no lead read shows a stage or a source');
		return holds(
			`${plural(compared, 'stage and source value')} on ${plural(leads.length, 'lead')}, each a listed name`,
		);
	},
};

export const LEAD_READ_CHECKS: Check[] = [leadRows, stageNames];
