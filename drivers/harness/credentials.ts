/**
 * What n8n-core gets from the n8n server besides the nodes: the credential helper (minus the
 * database) and the additional data of an execution, on loopback URLs.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { HefflApi } from '../../credentials/HefflApi.credentials';

export type HefflCredentials = { apiKey: string; v1BaseUrl: string; v2BaseUrl: string };

const CREDENTIAL_TYPES: Record<string, ICredentialType> = { hefflApi: new HefflApi() };

/** n8n's credential helper, minus the database: generic `authenticate` is resolved as n8n resolves it. */
class CredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = CREDENTIAL_TYPES[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic' || !workflow || !node)
			return requestOptions;
		const resolve = (value: string) =>
			String(
				workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				) ?? '',
			);
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const bag = ((requestOptions as unknown as Record<string, IDataObject>)[target] ??= {});
			for (const [key, value] of Object.entries(entries as IDataObject))
				bag[resolve(key)] = resolve(String(value));
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	getParentTypes() {
		return [];
	}

	async getDecrypted(
		_data: IWorkflowExecuteAdditionalData,
		_details: INodeCredentialsDetails,
		type: string,
	) {
		return this.credentials[type] ?? {};
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string) {
		return CREDENTIAL_TYPES[type]?.properties ?? [];
	}

	isCredentialUsableByNode() {
		return true;
	}
}

export function additionalData(
	credentials: HefflCredentials,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsHelper({ hefflApi: credentials }),
		executionId: 'test',
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used by these nodes');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('code runners are not used by these nodes');
		},
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}
