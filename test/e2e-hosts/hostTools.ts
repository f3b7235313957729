/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test tooling, not shipped */
/**
 * What the hosts tier does through n8n's editor REST API, in the form every proven
 * n8n (1.123.81 to 2.41.x) takes: credentials and workflows saved as the editor saves
 * them, manual runs, and a relay that records Heffl's deliveries on their way to n8n
 * so that a genuine one can be sent again (a replay).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

/** A REST answer: its shape is n8n's (and differs between versions), read by each test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

/** What these helpers use of `login()` in drivers/real-n8n.mjs. */
export type Session = {
	call(method: string, path: string, body?: unknown): Promise<Answer>;
	activate(workflowId: string): Promise<unknown>;
	deactivate(workflowId: string): Promise<unknown>;
	executions(workflowId: string): Promise<IDataObject[]>;
	loadedTypes(): Promise<{ nodes: string[]; credentials: string[] }>;
	typeDescriptions(what: 'nodes' | 'credentials'): Promise<unknown[]>;
	outputs(executionId: string): Promise<ExecutionOutputs>;
	/** Runs a saved workflow up to and with `lastNode`, as the editor's "Execute workflow" does. */
	runManually(workflowId: string, lastNode: string): Promise<ExecutionOutputs & { status: string }>;
};

/** Each node's output items (json only) of one execution, and its error if it failed. */
export type ExecutionOutputs = {
	outputs: Record<string, IDataObject[]>;
	error?: { message: string; description?: string; node?: string };
};

export type Workflow = {
	id?: string;
	name: string;
	nodes: Array<IDataObject & { name: string; type: string; credentials?: IDataObject }>;
	connections: IDataObject;
	settings?: IDataObject;
};

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `read` until `done` holds (bounded); returns the last value read. */
export async function until<T>(
	read: () => T | Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!done(value) && Date.now() < deadline) {
		await sleep(250);
		value = await read();
	}
	return value;
}

/** Saves a credential as the editor does; its id. */
export async function saveCredential(
	session: Session,
	name: string,
	type: string,
	data: IDataObject,
): Promise<{ id: string; name: string }> {
	const saved = await session.call('POST', '/credentials', { name, type, data });
	return { id: String(saved.id), name };
}

/**
 * Saves a workflow as the editor does (n8n gives it its id); every node's
 * credentials of `type` point at `credential`.
 */
export async function saveWorkflow(
	session: Session,
	workflow: Workflow,
	credentials: Record<string, { id: string; name: string }>,
): Promise<Workflow & { id: string }> {
	const nodes = workflow.nodes.map((node) =>
		node.credentials
			? {
					...node,
					credentials: Object.fromEntries(
						Object.keys(node.credentials).map((type) => [type, credentials[type]]),
					),
				}
			: node,
	);
	const saved = await session.call('POST', '/workflows', {
		name: workflow.name,
		nodes,
		connections: workflow.connections,
		settings: workflow.settings ?? { executionOrder: 'v1' },
		active: false,
	});
	return { ...workflow, nodes, id: String(saved.id) };
}

export type Recorded = {
	path: string;
	headers: Record<string, string>;
	body: string;
	status: number;
};

/**
 * A loopback relay in front of n8n's webhooks (N8N_WEBHOOK_URL points here): passes
 * every request through unchanged and records it with n8n's answer.
 */
export async function recordingRelay(target: () => string) {
	const recorded: Recorded[] = [];
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const headers = Object.fromEntries(
					Object.entries(request.headers).filter(
						([name]) => !['host', 'content-length', 'connection'].includes(name),
					),
				) as Record<string, string>;
				const body = Buffer.concat(chunks).toString('utf8');
				try {
					const answer = await fetch(`${target()}${request.url}`, {
						method: request.method,
						headers,
						body: ['GET', 'HEAD'].includes(request.method ?? '') ? undefined : body,
					});
					const text = await answer.text();
					recorded.push({ path: String(request.url), headers, body, status: answer.status });
					response
						.writeHead(answer.status, {
							'content-type': answer.headers.get('content-type') ?? 'text/plain',
						})
						.end(text);
				} catch (error) {
					response.writeHead(502).end((error as Error).message);
				}
			})();
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/`,
		recorded,
		/** Sends a recorded request to n8n again, byte for byte: n8n's status. */
		async replay(entry: Recorded) {
			const answer = await fetch(`${target()}${entry.path}`, {
				method: 'POST',
				headers: entry.headers,
				body: entry.body,
			});
			await answer.arrayBuffer();
			return answer.status;
		},
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}

/** The newest version n8n serves of a node type (its editor picks it for a new node). */
export async function newestVersion(session: Session, type: string): Promise<number> {
	const types = (await session.typeDescriptions('nodes')) as Array<{
		name: string;
		version: number | number[];
	}>;
	const versions = types
		.filter((entry) => entry.name === type)
		.flatMap((entry) => (Array.isArray(entry.version) ? entry.version : [entry.version]));
	if (versions.length === 0) throw new Error(`n8n serves no node type ${type}`);
	return Math.max(...versions);
}
