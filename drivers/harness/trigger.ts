/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test tooling, not shipped */
/**
 * An active Heffl Trigger as n8n keeps one: activation runs checkExists and then
 * create (n8n-core's HookContext), deactivation runs delete, and a real HTTP server
 * on loopback hands every delivery to the node's webhook() through n8n-core's
 * WebhookContext, with the raw body n8n's webhook server provides.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';

import { HookContext, WebhookContext } from 'n8n-core';
import { Webhook } from 'standardwebhooks';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookResponseData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';
import type { HefflCredentials } from './n8n';
import { additionalData, nodeTypes } from './n8n';

const trigger = new HefflTrigger();

export interface DeliveryOutcome {
	status: number;
	body: string;
	/** Items of the execution it started, if it started one. */
	items?: IDataObject[];
}

type ExpressLike = IncomingMessage & {
	rawBody?: Buffer;
	body?: unknown;
	readRawBody(): Promise<void>;
	query: object;
	params: object;
};

function asExpressRequest(request: IncomingMessage): ExpressLike {
	const extended = request as ExpressLike;
	extended.query = {};
	extended.params = {};
	extended.readRawBody = async () => {
		if (extended.rawBody) return;
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		extended.rawBody = Buffer.concat(chunks);
	};
	return extended;
}

function asExpressResponse(response: ServerResponse) {
	const extended = response as ServerResponse & {
		status(code: number): typeof extended;
		json(body: unknown): void;
		send(body: unknown): void;
	};
	extended.status = (code: number) => {
		extended.statusCode = code;
		return extended;
	};
	extended.json = (body: unknown) => {
		extended.setHeader('content-type', 'application/json');
		extended.end(JSON.stringify(body));
	};
	extended.send = (body: unknown) =>
		extended.end(typeof body === 'string' ? body : JSON.stringify(body));
	return extended;
}

export class TriggerHarness {
	readonly node: INode;

	workflow!: Workflow;

	/** Every delivery that reached the node, in order. */
	readonly outcomes: DeliveryOutcome[] = [];

	/** Answers to lose (the node runs, the socket is then destroyed), as when a 200 never reaches Heffl. */
	dropNextAnswers = 0;

	/** The Heffl Webhook Signing Secret credential's field, for an existing subscription. */
	signingSecretCredential: unknown = undefined;

	/** Lines the node logged through n8n's logger (deliveries and activation), as `level: message`. */
	readonly logs: string[] = [];

	private server!: Server;

	private baseUrl = '';

	constructor(
		private readonly credentials: HefflCredentials,
		parameters: INodeParameters,
		readonly workflowId = `wf${randomUUID().slice(0, 8)}`,
	) {
		this.node = {
			id: randomUUID(),
			name: 'Heffl Trigger',
			type: 'n8n-nodes-heffl.hefflTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters,
			credentials: {
				hefflApi: { id: '1', name: 'Heffl sandbox' },
				hefflWebhookSigningSecretApi: { id: '2', name: 'Heffl signing secret' },
			},
		};
		this.loseStaticData();
	}

	/** A new Workflow object with empty static data, as after a lost database row or an import. */
	loseStaticData() {
		this.workflow = new Workflow({
			id: this.workflowId,
			name: 'Trigger test',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: {},
		});
	}

	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	get executions(): IDataObject[][] {
		return this.outcomes.flatMap((outcome) => (outcome.items ? [outcome.items] : []));
	}

	get webhookUrl(): string {
		return `${this.baseUrl}/${this.node.webhookId}/webhook`;
	}

	async listen(): Promise<this> {
		this.server = createServer((request, response) => void this.receive(request, response));
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		const { port } = this.server.address() as { port: number };
		this.baseUrl = `http://127.0.0.1:${port}/webhook`;
		return this;
	}

	private data(extra: IDataObject = {}) {
		const data = additionalData(this.credentials, { webhookBaseUrl: this.baseUrl, ...extra });
		const helper = data.credentialsHelper;
		const decrypted = helper.getDecrypted.bind(helper);
		helper.getDecrypted = async (...args: Parameters<typeof helper.getDecrypted>) => {
			if (args[2] !== 'hefflWebhookSigningSecretApi') return await decrypted(...args);
			if (this.signingSecretCredential === undefined) throw new Error('Credential not found');
			// Deliberately any value, garbled ones included (null, a number): what a stored
			// credential may hold, which the node must refuse.
			const stored: Record<string, unknown> = { signingSecret: this.signingSecretCredential };
			return stored as ICredentialDataDecryptedObject;
		};
		return data;
	}

	private webhookData(): IWebhookData {
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: 'webhook',
			webhookDescription: trigger.description.webhooks![0],
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: this.data(),
			webhookId: this.node.webhookId,
		};
	}

	private hooks() {
		return this.capturingLogs(
			new HookContext(
				this.workflow,
				this.node,
				this.data(),
				'trigger',
				'activate',
				this.webhookData(),
			),
		);
	}

	/** The context with a logger that writes into `logs`. */
	private capturingLogs<T extends object>(context: T): T {
		const record = (level: string) => (message: string) => this.logs.push(`${level}: ${message}`);
		Object.defineProperty(context, 'logger', {
			value: {
				debug: record('debug'),
				info: record('info'),
				warn: record('warn'),
				error: record('error'),
			},
		});
		return context;
	}

	/** What n8n does on activation: create only when checkExists says there is nothing. */
	async activate(): Promise<void> {
		const methods = trigger.webhookMethods.default;
		if (!(await methods.checkExists.call(this.hooks()))) await methods.create.call(this.hooks());
	}

	async checkExists(): Promise<boolean> {
		return await trigger.webhookMethods.default.checkExists.call(this.hooks());
	}

	async deactivate(): Promise<void> {
		await trigger.webhookMethods.default.delete.call(this.hooks());
	}

	private async receive(request: IncomingMessage, response: ServerResponse) {
		const outcome: DeliveryOutcome = { status: 0, body: '' };
		const req = asExpressRequest(request);
		const res = asExpressResponse(response);
		const end = res.end.bind(res);
		res.end = ((chunk?: unknown) => {
			outcome.status = res.statusCode;
			outcome.body = chunk === undefined ? '' : String(chunk);
			return end(chunk as string);
		}) as typeof res.end;
		try {
			if (request.url !== `/webhook/${this.node.webhookId}/webhook`) {
				res.status(404).json({ error: 'not registered' });
				return;
			}
			const context = this.capturingLogs(
				new WebhookContext(
					this.workflow,
					this.node,
					this.data({ httpRequest: req, httpResponse: res } as unknown as IDataObject),
					'webhook',
					this.webhookData(),
					[],
					null,
				),
			);
			const result: IWebhookResponseData = await trigger.webhook.call(context);
			if (result.workflowData) outcome.items = result.workflowData[0].map((item) => item.json);
			if (this.dropNextAnswers > 0) {
				this.dropNextAnswers -= 1;
				request.socket.destroy();
				return;
			}
			// n8n answers for the node unless the node answered itself.
			if (!result.noWebhookResponse)
				res.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		} catch (error) {
			res.status(500).json({ error: (error as Error).message });
		} finally {
			this.outcomes.push(outcome);
		}
	}

	/** POSTs `message` to the trigger as Heffl does, signed by the standardwebhooks library with `secret`. */
	async deliverSigned(
		secret: string,
		message: unknown,
		id = `msg_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
	): Promise<{ id: string; status: number; body: string }> {
		const body = JSON.stringify(message);
		const response = await fetch(this.webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'webhook-id': id,
				'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
				'webhook-signature': new Webhook(secret).sign(id, new Date(), body),
			},
			body,
		});
		return { id, status: response.status, body: await response.text() };
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}
