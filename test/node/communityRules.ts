/**
 * n8n's community-node lint rules that @n8n/eslint-plugin-community-nodes 0.32.0 (the newest
 * the registry serves) lacks, read from their docs in n8n-io/n8n
 * (packages/@n8n/eslint-plugin-community-nodes/docs/rules/), each with its own sentence and a
 * check: here those read from the built descriptions; those that read files (codex JSON,
 * icons, package.json, sources) in communityFileRules.ts. test/node/guidelineRules.test.ts
 * runs them. The rules of that folder not here are answered in docs/release.md (*The newer
 * community-node rules*).
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';


import { HefflApi } from '../../credentials/HefflApi.credentials';
import { HefflWebhookSigningSecretApi } from '../../credentials/HefflWebhookSigningSecretApi.credentials';
import { Heffl } from '../../nodes/Heffl/Heffl.node';
import { HefflPollingTrigger } from '../../nodes/HefflPollingTrigger/HefflPollingTrigger.node';
import { HefflTrigger } from '../../nodes/HefflTrigger/HefflTrigger.node';

export const NODES: INodeTypeDescription[] = [
	new Heffl().description,
	new HefflTrigger().description,
	new HefflPollingTrigger().description,
];
export const CREDENTIALS: ICredentialType[] = [new HefflApi(), new HefflWebhookSigningSecretApi()];

/** Every parameter, option and member of a node, with where it is. */
export function* everything(
	properties: INodeProperties[],
	path: string,
): Generator<[string, INodeProperties]> {
	for (const property of properties) {
		const here = `${path}${property.name}`;
		yield [here, property];
		if (property.type === 'collection')
			yield* everything(property.options as INodeProperties[], `${here}.`);
		if (property.type === 'fixedCollection')
			for (const group of property.options as INodePropertyCollection[])
				yield* everything(group.values, `${here}.${group.name}.`);
	}
}
const allParameters = () =>
	NODES.flatMap((node) => [...everything(node.properties, `${node.name}.`)]);

/**
 * The top-level fields the rule would report, by name (on every resource) or by resource and
 * name, and why each stays where it is (docs/release.md, The newer community-node rules).
 */
export const TOP_LEVEL_ANSWERED: Readonly<Record<string, string>> = {
	returnAll:
		"Get Many's Return All: n8n's UX guidelines put it at the top, as every built-in node does",
	limit: "Get Many's Limit, shown when Return All is off: the same",
	simplify: 'Simplify, which the guidelines ask for at the top of a read',
	output: "the Heffl Tool's Output (Raw, Selected Fields, Simplified): the guidelines' three modes",
	outputFields: "Output's Selected Fields, shown when Output asks for them",
	customFieldsMapping:
		"n8n's resource mapper of the record's custom fields: a mapper is no collection member",
	subscription: "the Heffl Trigger's mode, which decides its other fields (as authentication does)",
	'lead.name': 'the name of a new lead: its main field, which Heffl does not require',
	'product.name': 'the name of a new product: the same',
	'contact.firstName': 'the first name of a new contact: the same',
	'client.clientType':
		'company or person, which decides what a new client is: a mode with a default',
	'leadStage.stageType': 'what reaching a new lead stage means: a mode with a default',
	'quotation.date': "a new quotation's date, which the reference does not show as required",
	'webhookSubscription.subscriptionName':
		"a new subscription's name, which the node fills when empty",
};
/** The answer for a top-level field, if any: by its name, or by its resource and name. */
const answered = (property: INodeProperties) =>
	TOP_LEVEL_ANSWERED[property.name] ??
	TOP_LEVEL_ANSWERED[`${String(property.displayOptions?.show?.resource?.[0])}.${property.name}`];

export interface CommunityRule {
	rule: string;
	says: string;
	findings: () => string[];
}

export const COMMUNITY_RULES: CommunityRule[] = [
	{
		rule: 'non-required-fields-in-collection',
		says: 'This rule reports each field in `description.properties` that is not marked `required: true`.',
		// The rule's own exemptions; the fields it would report are answered one by one.
		findings: () =>
			NODES.flatMap((node) =>
				node.properties
					.filter(
						(p) =>
							p.required !== true &&
							![
								'collection',
								'fixedCollection',
								'notice',
								'callout',
								'hidden',
								'curlImport',
							].includes(p.type) &&
							!['resource', 'operation', 'authentication'].includes(p.name) &&
							!answered(p),
					)
					.map((p) => `${node.name}.${p.name}: optional at the top level, not answered`),
			),
	},
	{
		rule: 'open-ended-node-fields',
		says: 'This rule warns about optional top-level JSON properties in node descriptions.',
		findings: () =>
			NODES.flatMap((node) =>
				node.properties
					.filter((p) => p.type === 'json' && p.required !== true)
					.map((p) => `${node.name}.${p.name}: an optional JSON field at the top level`),
			),
	},
	{
		rule: 'hint-max-length',
		says: 'The rule reports a `hint` of more than 120 characters.',
		findings: () =>
			allParameters()
				.filter(([, p]) => (p.hint ?? '').length > 120)
				.map(([where, p]) => `${where}: a hint of ${p.hint!.length} characters`),
	},
	{
		rule: 'no-asterisk-in-option-names',
		says: 'This rule flags any option `name` containing `*`',
		findings: () =>
			allParameters().flatMap(([where, p]) =>
				((p.options ?? []) as INodePropertyOptions[])
					.filter((option) => String(option.name).includes('*'))
					.map((option) => `${where}: '${option.name}'`),
			),
	},
	{
		rule: 'no-duplicate-param-options',
		says: 'Within an `options`- or `multiOptions`-typed node parameter, each option must have a unique `name` and a unique `value`.',
		findings: () =>
			allParameters()
				.filter(([, p]) => p.type === 'options' || p.type === 'multiOptions')
				.flatMap(([where, p]) => {
					const options = (p.options ?? []) as INodePropertyOptions[];
					return (['name', 'value'] as const)
						.filter((key) => new Set(options.map((o) => String(o[key]))).size !== options.length)
						.map((key) => `${where}: two options with one ${key}`);
				}),
	},
	{
		rule: 'require-param-default',
		says: 'Every node parameter must declare a `default` property.',
		findings: () =>
			[
				...allParameters(),
				...CREDENTIALS.flatMap((c) => [...everything(c.properties, `${c.name}.`)]),
			]
				.filter(([, p]) => !('default' in p))
				.map(([where]) => `${where}: no default`),
	},
	{
		rule: 'node-class-description-name-camelcase',
		says: 'The value must match `^[a-z][a-zA-Z0-9]*$`.',
		findings: () =>
			NODES.filter((node) => !/^[a-z][a-zA-Z0-9]*$/.test(node.name)).map((node) => node.name),
	},
	{
		rule: 'node-class-description-non-core-color',
		says: 'The n8n core color `#FF6D5A` is reserved for built-in nodes.',
		findings: () =>
			NODES.filter((node) =>
				[node.defaults.color, (node as { color?: string }).color].some(
					(color) => color?.toUpperCase() === '#FF6D5A',
				),
			).map((node) => node.name),
	},
	{
		rule: 'single-credential-per-node',
		says: 'A node can declare multiple authentication methods when mutually exclusive `displayOptions.show` conditions on a single-value property let the user select only one credential.',
		findings: () =>
			NODES.filter((node) => (node.credentials ?? []).length > 1).flatMap((node) => {
				const shows = node.credentials!.map((c) => Object.entries(c.displayOptions?.show ?? {}));
				const keys = new Set(shows.flatMap((show) => show.map(([key]) => key)));
				const [key] = keys;
				const property = node.properties.find((p) => p.name === key);
				const values = shows.flatMap((show) => (show[0]?.[1] ?? []) as unknown[]);
				const exclusive =
					keys.size === 1 &&
					shows.every((show) => show.length === 1) &&
					property?.type === 'options' &&
					new Set(values).size === values.length;
				return exclusive ? [] : [`${node.name}: credentials not shown by one choice`];
			}),
	},
	{
		rule: 'cred-class-name-field-conventions',
		says: 'End with `Api` ... Start with a lowercase letter (camelCase)',
		findings: () => CREDENTIALS.filter((c) => !/^[a-z].*Api$/.test(c.name)).map((c) => c.name),
	},
	{
		rule: 'cred-class-name-suffix',
		says: 'Credential classes (those implementing `ICredentialType` in `*.credentials.ts` files) must have a class name ending in `Api`.',
		findings: () =>
			CREDENTIALS.filter((c) => !c.constructor.name.endsWith('Api')).map((c) => c.constructor.name),
	},
];
