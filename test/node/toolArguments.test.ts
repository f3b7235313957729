/**
 * The Heffl Tool's errors in the agent's words (nodes/Heffl/toolArguments.ts): the sample MCP
 * server's tools (examples/heffl-mcp-server.json), run as n8n runs a tool node (`hefflTool`,
 * each `$fromAI()` read from the call's arguments, the input item), against the sandbox. A
 * refused value names the argument it came from first, then the field, and nothing is
 * written. The same calls over MCP in real n8n, with the schema's own refusals:
 * test/e2e/mcp.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { describe, expect, test } from 'vitest';

import { example, MCP_SERVER_EXAMPLE, mcpServer } from '../../drivers/demo-workflows';
import { fromAiParameters } from '../../nodes/Heffl/toolArguments';
import { BAD_ARGUMENTS } from '../harness/badArguments';
import { useSandbox } from '../../drivers/harness/context';
import { runHeffl } from '../../drivers/harness/n8n';

const ctx = useSandbox();
const { tools } = mcpServer(example(MCP_SERVER_EXAMPLE));
const tool = (name: string) =>
	tools.find((node) => node.name === name)!.parameters as INodeParameters;
const writes = () => ctx.apiRequests().filter((request) => request.method !== 'GET');

/** A tool called with `args`, as n8n hands a tool node its call. */
async function call(name: string, args: IDataObject, asTool = true) {
	return await runHeffl(tool(name), ctx.credentials, { items: [args], tool: asTool });
}

describe('the Heffl Tool names the $fromAI() argument of a refused value, then the field', () => {
	test.each(BAD_ARGUMENTS)('$what ($tool)', async (bad) => {
		const before = { leads: ctx.sandbox.records('leads').length };
		ctx.sandbox.clearRequests();
		const run = await call(bad.tool, bad.args);
		const told = `${run.error?.message} ${run.error?.description ?? ''}`;
		expect(run.error?.message.startsWith(bad.starts), told).toBe(true);
		for (const pattern of bad.says) expect(told).toMatch(pattern);
		// Refused before sending, or refused by Heffl: nothing was stored.
		expect(writes().filter((request) => request.status < 400)).toEqual([]);
		expect(ctx.sandbox.records('leads').length).toBe(before.leads);
		expect(told).not.toContain(ctx.sandbox.apiKey);
	});

	test('the Heffl node (not a tool) keeps its own words: the field, then the item', async () => {
		const run = await call('Create Task', { title: 'Dated task', dueDate: 'next tuesday' }, false);
		expect(run.error?.message).toBe(
			"Additional Fields › Due Date: 'next tuesday' is not an ISO 8601 date [item 0]",
		);
	});

	test('an entry an argument fills, refused as a whole, names that argument', async () => {
		const deals = {
			resource: 'deal',
			operation: 'getAll',
			limit: 5,
			filters: {
				conditions: {
					condition: [
						{ field: 'status', operator: 'is', values: "={{ $fromAI('statuses', 'Statuses') }}" },
					],
				},
			},
		};
		const run = await runHeffl(deals, ctx.credentials, {
			items: [{ statuses: 'ACTIVE, WON' }],
			tool: true,
		});
		expect(run.error?.message).toBe(
			"Argument 'statuses': Filters › Conditions › condition 1: 2 values under 'Is': choose 'Is Any Of' for several",
		);
	});

	test('a refused field no argument fills is left as it is, beside fields arguments fill; a good call is untouched', async () => {
		const task = tool('Create Task');
		const fixed = {
			...task,
			additionalFields: { ...(task.additionalFields as IDataObject), durationMinutes: 'long' },
		};
		const args = { title: 'T', linkedTo: 'leads', linkedId: 'ld_x', dueDate: '' };
		const run = await runHeffl(fixed, ctx.credentials, { items: [args], tool: true });
		expect(run.error?.message).toMatch(/^Additional Fields › Duration \(Minutes\): 'long'/);
		const lead = ctx.sandbox.records('leads')[0];
		const good = await call('Find Leads by Email', { email: lead.email as string });
		expect(good.error).toBeUndefined();
	});
});

test('the keys of $fromAI() as n8n takes them: any quote, several in one parameter, a locator its own value', () => {
	expect(
		Object.fromEntries(
			fromAiParameters({
				name: "={{ $fromAI('first', 'x') }} {{ $fromAI(\"last\") }}",
				additionalFields: { email: '={{ $fromAI(`email`, `the address`) }}', mobile: '+971' },
				leadId: { __rl: true, mode: 'id', value: "={{ $fromAI( 'leadId' ) }}" },
				notAnExpression: "$fromAI('typed')",
			}),
		),
	).toEqual({
		name: ['first', 'last'],
		'additionalFields.email': ['email'],
		leadId: ['leadId'],
	});
});
