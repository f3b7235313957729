/**
 * Bad arguments to the sample MCP server's tools (examples/heffl-mcp-server.json), one of each
 * kind the node or Heffl refuses: the harness runs them as n8n runs a tool node
 * (test/node/toolArguments.test.ts), the MCP e2e sends them through the official client
 * (test/e2e/mcp.test.ts, with the two n8n's schema refuses). Every required argument is
 * given, so the schema lets each through. Tools by node name.
 */
import type { IDataObject } from 'n8n-workflow';

/** Each kind of bad argument the node or Heffl refuses (the schema's are n8n's: the e2e). */
export const BAD_ARGUMENTS: Array<{
	what: string;
	tool: string;
	args: IDataObject;
	/** The message starts so: the argument, then the field. */
	starts: string;
	/** And it says these, in the message or its description (a refused ID: what to pass, last). */
	says: RegExp[];
}> = [
	{
		what: 'an unknown quotation ID',
		tool: 'Get Quotation',
		args: { quotationId: 'qtn_doesNotExist00000' },
		starts: "Argument 'quotationId': The quotation was not found",
		says: [
			/qtn_doesNotExist00000/,
			/Check the ID/,
			/Pass 'quotationId' a quotation's ID as Heffl gives it in its 'id' \(qtn_ followed by letters and digits\); a tool doing Get Many of quotations finds it\./,
		],
	},
	{
		what: 'a quotation ID that would change the address',
		tool: 'Get Quotation',
		args: { quotationId: 'qtn_1/../users' },
		starts: "Argument 'quotationId': Quotation",
		says: [
			/qtn_1\/\.\.\/users/,
			/Pass 'quotationId' a quotation's ID as Heffl gives it in its 'id' \(qtn_ followed by letters and digits\); a tool doing Get Many of quotations finds it\./,
		],
	},
	{
		what: 'an unknown linked record ID',
		tool: 'Create Task',
		args: { title: 'Orphan task', linkedTo: 'leads', linkedId: 'ld_doesNotExist00000' },
		starts: "Argument 'linkedId': ",
		says: [
			/entityId: no lead with ID 'ld_doesNotExist00000'/,
			/Pass 'linkedId' the record's ID .*a tool doing Get Many of that kind of record finds it\./,
		],
	},
	{
		what: 'a kind of record tasks cannot link to',
		tool: 'Create Task',
		args: { title: 'Misfiled task', linkedTo: 'customers', linkedId: 'ld_x' },
		starts: "Argument 'linkedTo': ",
		says: [/entity: must be one of/],
	},
	{
		what: 'a malformed e-mail',
		tool: 'Create Lead',
		args: { name: 'Malformed Mail', email: 'ada-at-example.com' },
		starts: "Argument 'email': ",
		says: [/email: must be a valid e-mail address/],
	},
	{
		what: 'an e-mail address too long to be one',
		tool: 'Create Lead',
		args: { name: 'Long Mail', email: `${'a'.repeat(250)}@example.com` },
		starts: "Argument 'email': ",
		says: [/email: must be a valid e-mail address/],
	},
	{
		what: 'a required argument left empty',
		tool: 'Create Task',
		args: { title: '', linkedTo: 'leads', linkedId: 'ld_x' },
		starts: "Argument 'title': Title: a task needs a value here",
		says: [/Title/],
	},
	{
		what: 'a date that is not one',
		tool: 'Create Task',
		args: { title: 'Dated task', linkedTo: 'leads', linkedId: 'ld_x', dueDate: 'next tuesday' },
		starts:
			"Argument 'dueDate': Additional Fields › Due Date: 'next tuesday' is not an ISO 8601 date",
		says: [/like 2026-12-31/],
	},
	{
		what: 'a date not on the calendar',
		tool: 'Create Task',
		args: { title: 'Dated task', linkedTo: 'leads', linkedId: 'ld_x', dueDate: '2026-02-30' },
		starts:
			"Argument 'dueDate': Additional Fields › Due Date: '2026-02-30' is not a date on the calendar",
		says: [/like 2026-12-31/],
	},
	{
		what: 'part of an e-mail address to an exact lookup',
		tool: 'Find Leads by Email',
		args: { email: 'example.com' },
		starts: "Argument 'email': Filters › Email: 'example.com' is not a whole e-mail address",
		says: [/whole address/],
	},
];
