/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- test tooling, not shipped */
/**
 * A file's part of the shared n8n (sharedN8nSetup.ts starts it once per run of the
 * `e2e-shared` tier; its files run one after another). A file puts its credentials and
 * workflows in through n8n's REST API, as the editor does (POST /rest/credentials, then
 * POST /rest/workflows with the user's project: what a Save of a new or imported workflow
 * sends), and removes them when it ends, so that the next file finds n8n empty: no
 * credential name to mix up (n8n wires a reference by name only to the one credential of
 * that name and type), no webhook or MCP path taken, no polling workflow left running.
 *
 * Credentials get ids of this n8n (both hosts assign new ones); a workflow node's
 * reference to a given credential id is mapped to that id here, any other reference
 * (an example file's own ids) is left for n8n to wire by name, as it does for a user.
 * Workflow ids: n8n 2.x keeps the given one, 1.x assigns one; `workflowIds` maps them.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

import type { Session } from './real-n8n.mjs';
import { login } from './real-n8n.mjs';

/** What the global setup provides to the files: where the shared n8n answers and logs. */
export interface SharedN8nInfo {
	/** http://127.0.0.1:<port> */
	url: string;
	/** Everything n8n printed since it started (every shared file's part of the run). */
	log: string;
}

declare module 'vitest' {
	export interface ProvidedContext {
		sharedN8n: SharedN8nInfo;
	}
}

/** A running n8n to put things into: where it answers, what it printed so far. */
export interface N8nTarget {
	url: string;
	output: () => string;
}

/** What a file puts into n8n. */
export interface N8nContents {
	credentials?: readonly CredentialSpec[];
	workflows?: readonly WorkflowSpec[];
}

/** A credential as n8n imports it (hefflCredential's shape). */
export interface CredentialSpec {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** A workflow as n8n imports it (what is read of it here). */
export interface WorkflowSpec {
	id: string;
	nodes: ReadonlyArray<{ name: string; credentials?: Record<string, unknown> }>;
}

export interface SharedN8n {
	url: string;
	/** n8n's REST API, logged in as the owner. */
	session: Session;
	/** What n8n printed so far (this run's, every shared file's). */
	output: () => string;
	/** Each given credential id → the id n8n gave the credential. */
	credentialIds: Record<string, string>;
	/** A given credential as a node references it in this n8n: its name, n8n's id. */
	reference: (given: { id: string; name: string }) => { id: string; name: string };
	/** Each given workflow id → the id of the saved workflow. */
	workflowIds: Record<string, string>;
	/** Deactivates, archives and deletes the file's workflows, then deletes its credentials. */
	remove: () => Promise<void>;
}

/** Throws unless the shared n8n is empty: a file before this one left something in it. */
async function expectEmpty(session: Session) {
	const credentials = await session.call<Array<{ name: string }>>('GET', '/credentials');
	const workflows = await session.call<Array<{ name: string }>>('GET', '/workflows');
	const left = [...credentials, ...workflows].map((item) => item.name);
	if (left.length > 0)
		throw new Error(
			`the shared n8n still holds ${left.join(', ')}: a file before this one did not remove what it put in`,
		);
}

/** A node's references to the given credential ids, mapped to the ids n8n gave them. */
function withCredentialIds<T extends WorkflowSpec>(workflow: T, ids: Record<string, string>): T {
	const nodes = workflow.nodes.map((node) => {
		if (!node.credentials) return node;
		const references = Object.entries(node.credentials).map(([type, reference]) => {
			const given = (reference as { id?: unknown }).id;
			return [
				type,
				typeof given === 'string' && ids[given] ? { ...reference!, id: ids[given] } : reference,
			];
		});
		return { ...node, credentials: Object.fromEntries(references) as Record<string, unknown> };
	});
	return { ...workflow, nodes };
}

/**
 * Deletes an archived workflow. n8n 2.x refuses (409) while a deactivation it answered is
 * still being carried out ("still being unpublished"): asked again for up to 30 s.
 */
async function deleteWorkflow(session: Session, id: string) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await session.call('DELETE', `/workflows/${id}`);
		} catch (error) {
			if (attempt >= 60 || !/still being unpublished/.test((error as Error).message)) throw error;
			await new Promise((done) => setTimeout(done, 500));
		}
	}
}

/** Removes what intoN8n saved: workflows first (a trigger's deactivation reaches its Heffl). */
async function removeAll(session: Session, workflowIds: string[], credentialIds: string[]) {
	const failures: string[] = [];
	const attempt = async (what: string, action: () => Promise<unknown>) =>
		await action().catch((error: Error) => failures.push(`${what}: ${error.message}`));
	for (const id of workflowIds)
		await attempt(`workflow ${id}`, async () => {
			const { active } = await session.call<{ active: boolean }>('GET', `/workflows/${id}`);
			if (active) await session.deactivate(id);
			await session.call('POST', `/workflows/${id}/archive`, {});
			await deleteWorkflow(session, id);
		});
	for (const id of credentialIds)
		await attempt(`credential ${id}`, () => session.call('DELETE', `/credentials/${id}`));
	if (failures.length > 0) throw new Error(`left in the shared n8n: ${failures.join('; ')}`);
}

/**
 * Puts a file's credentials and workflows into the shared n8n (empty when a file starts);
 * `remove()` takes them out (call it in afterAll, before the file's sandbox closes).
 */
export async function intoSharedN8n(contents: N8nContents): Promise<SharedN8n> {
	const { url, log } = inject('sharedN8n');
	return await intoN8n({ url, output: () => readFileSync(log, 'utf8') }, contents);
}

/** As intoSharedN8n, into another running n8n (empty: the benchmarks start their own). */
export async function intoN8n(
	{ url, output }: N8nTarget,
	{ credentials = [], workflows = [] }: N8nContents,
): Promise<SharedN8n> {
	const session = await login(url);
	await expectEmpty(session);
	const credentialIds: Record<string, string> = {};
	const workflowIds: Record<string, string> = {};
	const remove = () => removeAll(session, Object.values(workflowIds), Object.values(credentialIds));
	try {
		for (const { id, name, type, data } of credentials) {
			const saved = await session.call<{ id: string }>('POST', '/credentials', {
				name,
				type,
				data,
			});
			credentialIds[id] = saved.id;
		}
		// The editor's Save names the project; n8n 1.x wires credentials by name only then.
		const project = await session.call<{ id: string }>('GET', '/projects/personal');
		for (const workflow of workflows) {
			const body = { ...withCredentialIds(workflow, credentialIds), projectId: project.id };
			workflowIds[workflow.id] = (
				await session.call<{ id: string }>('POST', '/workflows', body)
			).id;
		}
	} catch (error) {
		// The error that stopped it is the one to see; anything left, the next file reports.
		await remove().catch(() => undefined);
		throw error;
	}
	return {
		url,
		session,
		output,
		credentialIds,
		reference: ({ id, name }) => ({ id: credentialIds[id], name }),
		workflowIds,
		remove,
	};
}
