/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * A chat model on loopback that speaks OpenAI's Chat Completions API, so that n8n's
 * own AI Agent (with its OpenAI Chat Model node, Base URL pointed here) decides to
 * call the Heffl tool, and its result travels back to "the model", as with a real
 * model. It is scripted, not clever: given tools and no tool result yet, it calls
 * the tool named by `plan` with `plan.args`; given a tool result, it answers with
 * that result quoted. Every request is kept, so a test can read what n8n sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Message = { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string };
type Tool = { type: string; function: { name: string; description?: string; parameters?: object } };
export type ChatRequest = { model: string; messages: Message[]; tools?: Tool[]; stream?: boolean };

export type FakeModel = {
	/** The Base URL for n8n's OpenAI credential. */
	url: string;
	requests: ChatRequest[];
	/** What the next turn without a tool result does: call this tool with these arguments. */
	plan: (toolName: string, args: object) => void;
	close: () => Promise<void>;
};

const text = (content: unknown) =>
	typeof content === 'string' ? content : JSON.stringify(content ?? '');

type Reply = { content?: string; toolCall?: object; finish: string };

/** The reply as OpenAI's Chat Completions API sends it: one JSON body, or chunks when streamed. */
function sendCompletion(
	request: ChatRequest,
	{ content, toolCall, finish }: Reply,
	id: string,
	response: ServerResponse,
) {
	const base = {
		id,
		created: 1_700_000_000,
		model: request.model,
	};
	const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
	if (!request.stream) {
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify({
				...base,
				object: 'chat.completion',
				choices: [
					{
						index: 0,
						message: {
							role: 'assistant',
							content: content ?? null,
							...(toolCall && { tool_calls: [toolCall] }),
						},
						finish_reason: finish,
					},
				],
				usage,
			}),
		);
		return;
	}
	response.writeHead(200, { 'content-type': 'text/event-stream' });
	const chunk = (delta: object, finishReason: string | null) =>
		response.write(
			`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
		);
	chunk({ role: 'assistant', content: content ?? '' }, null);
	if (toolCall) chunk({ tool_calls: [{ index: 0, ...toolCall }] }, null);
	chunk({}, finish);
	response.write(
		`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
	);
	response.end('data: [DONE]\n\n');
}

export async function startFakeModel(): Promise<FakeModel> {
	const requests: ChatRequest[] = [];
	let planned: { toolName: string; args: object } | undefined;
	let calls = 0;

	const reply = (request: ChatRequest) => {
		const last = request.messages[request.messages.length - 1];
		if (last?.role === 'tool')
			return { content: `The tool answered: ${text(last.content)}`, finish: 'stop' };
		const tool = request.tools?.find((entry) => entry.function.name === planned?.toolName);
		if (!tool || !planned) {
			const offered = (request.tools ?? []).map((entry) => entry.function.name).join(', ');
			return { content: `No tool to call (offered: ${offered || 'none'})`, finish: 'stop' };
		}
		calls += 1;
		return {
			toolCall: {
				id: `call_${calls}`,
				type: 'function',
				function: { name: tool.function.name, arguments: JSON.stringify(planned.args) },
			},
			finish: 'tool_calls',
		};
	};

	const server = createServer((request: IncomingMessage, response: ServerResponse) => {
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			const path = (request.url ?? '').replace(/\?.*$/, '');
			if (request.method === 'GET' && path.endsWith('/models')) {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end(
					JSON.stringify({
						object: 'list',
						data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'heffl-test' }],
					}),
				);
				return;
			}
			if (request.method === 'POST' && path.endsWith('/chat/completions')) {
				const parsed = JSON.parse(body) as ChatRequest;
				requests.push(parsed);
				sendCompletion(parsed, reply(parsed) as Reply, `chatcmpl-${requests.length}`, response);
				return;
			}
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ error: { message: `not served: ${request.method} ${path}` } }));
		});
	});
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		plan: (toolName, args) => (planned = { toolName, args }),
		close: () => new Promise((done) => server.close(() => done())),
	};
}
