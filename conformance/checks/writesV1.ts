/**
 * v1 writes (`--write`): a lead created with the update page's fields and changed with PUT
 * (§10.1), additional body keys (`{key} any`), a company client changed with PATCH and
 * given person fields (§10.2, §17.4, §17.5). Every record carries the run's marker.
 */
import { fixture, isObject, listing, problemOf, refusal, resource, resourceFile } from '../reads';
import type { Check, Kit } from '../types';
import { differs, holds, notChecked } from '../types';

const LEAD = resource('lead');
const CLIENT = resource('client');

/** The lead this run created, made once by the first check that needs it. */
const lead = (kit: Kit) =>
	fixture(kit, 'lead', {
		api: 'v1',
		path: LEAD.path,
		label: 'lead',
		body: async () => ({
			name: `${kit.marker} lead`,
			email: `${kit.marker}@example.com`,
			mobile: '+15550100',
			title: 'Created by the Heffl conformance kit',
			value: 1,
			website: 'https://example.com',
		}),
	});

const leadCreate: Check = {
	id: 'lead.create',
	title:
		"POST /v1/leads takes the update page's fields and answers the lead (no create page, §10.1)",
	depends: [resourceFile('lead')],
	sandbox: 'sandbox/resources.ts',
	write: true,
	async run(kit) {
		const created = await lead(kit);
		if (!created) return differs(`refused: ${problemOf(kit, 'lead')}`);
		const lost = ['name', 'email', 'mobile', 'title', 'value', 'website'].filter(
			(key) => created[key] === undefined || created[key] === null,
		);
		return lost.length
			? differs(
					`created ${String(created.id)}, but the answer lacks ${listing(lost)}`,
					'the node outputs the answer as Heffl gives it',
				)
			: holds(`created ${String(created.id)} with name, email, mobile, title, value and website`);
	},
};

const leadUpdate: Check = {
	id: 'lead.update',
	title: 'a lead is changed with PUT /v1/leads/{id} (§10.1, the only page)',
	depends: [resourceFile('lead')],
	sandbox: 'sandbox/resources.ts',
	write: true,
	async run(kit) {
		const created = await lead(kit);
		if (!created) return notChecked('no lead could be created (lead.create)');
		const title = 'Changed by the Heffl conformance kit';
		const reply = await kit.probe.change('v1', LEAD.path, String(created.id), 'PUT', { title });
		if (!reply.ok) return differs(`PUT refused: ${refusal(reply)}`);
		return isObject(reply.body) && reply.body.title === title
			? holds('PUT changed the title and answered the lead')
			: differs(`PUT answered ${JSON.stringify(reply.body).slice(0, 100)}`);
	},
};

const extraKeys: Check = {
	id: 'lead.extra-keys',
	title:
		'a lead keeps additional body keys (§10.1 shows `{key} any`); the node sends them only from Extra Fields',
	depends: [],
	sandbox: 'sandbox/resources.ts',
	write: true,
	async run(kit) {
		const created = await lead(kit);
		if (!created) return notChecked('no lead could be created (lead.create)');
		const reply = await kit.probe.change('v1', LEAD.path, String(created.id), 'PUT', {
			hefflConformanceProbe: 'kept',
		});
		const adapts =
			'only what a user writes in Extra Fields (JSON) is sent; Heffl’s answer is theirs';
		if (!reply.ok) return differs(`refused: ${refusal(reply)}`, adapts);
		return isObject(reply.body) && reply.body.hefflConformanceProbe === 'kept'
			? holds('accepted and kept on the record')
			: differs('accepted but not kept on the record', adapts);
	},
};

/** The company client this run created (v1 `POST /clients`, type company). */
const company = (kit: Kit) =>
	fixture(kit, 'client', {
		api: 'v1',
		path: CLIENT.path,
		label: 'client',
		body: async () => ({ type: 'company', name: `${kit.marker} client` }),
	});

const clientUpdate: Check = {
	id: 'client.update',
	title:
		'a client is changed with PATCH /v1/clients/{id} (one page version says PATCH, one PUT: §10.2, §17.4)',
	depends: [resourceFile('client')],
	sandbox: 'sandbox/resources.ts',
	write: true,
	async run(kit) {
		const created = await company(kit);
		if (!created)
			return notChecked(`no company client could be created: ${problemOf(kit, 'client')}`);
		const website = 'https://example.com/heffl-conformance';
		const reply = await kit.probe.change('v1', CLIENT.path, String(created.id), 'PATCH', {
			website,
		});
		if (!reply.ok) return differs(`PATCH refused: ${refusal(reply)}`);
		return holds(`PATCH answered ${reply.status} for ${String(created.id)}`);
	},
};

const personFields: Check = {
	id: 'client.company-person-fields',
	title:
		'a company client takes person fields such as email and phone (§10.2 version 1 allows, version 2 forbids)',
	depends: [],
	sandbox: 'sandbox/resources.ts',
	write: true,
	async run(kit) {
		const created = await company(kit);
		if (!created)
			return notChecked(`no company client could be created: ${problemOf(kit, 'client')}`);
		const reply = await kit.probe.change('v1', CLIENT.path, String(created.id), 'PATCH', {
			email: `${kit.marker}@example.com`,
			phone: '+15550100',
		});
		return reply.ok
			? holds('email and phone accepted on a company')
			: differs(
					`refused: ${refusal(reply)}`,
					"the node sends them only when set; Heffl's refusal names them (resources/client.ts)",
				);
	},
};

export const V1_WRITE_CHECKS: Check[] = [
	leadCreate,
	leadUpdate,
	extraKeys,
	clientUpdate,
	personFields,
];
