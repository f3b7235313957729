/**
 * The polling sample, examples/new-company-welcome-call.json, run by n8n-core as the
 * editor's manual run does: the trigger's test event (the newest company) goes into
 * Task → Create. The active run in real n8n is test/e2e/examples.test.ts (and
 * `npm start`'s self-check).
 */
import type { IDataObject } from 'n8n-workflow';
import { expect, test } from 'vitest';

import { EXAMPLE, example, runnable } from '../../drivers/demo-workflows';
import { useSandbox } from '../../drivers/harness/context';
import type { WorkflowJson } from '../../drivers/harness/n8n';
import { executeWorkflow } from '../../drivers/harness/n8n';
import { createRecord } from '../../sandbox/records';

const context = useSandbox();

test('new company → welcome call: the newest company gets a HIGH priority call task, its industry by label in the description', async () => {
	const company = await createRecord(context.sandbox, 'company', 'Polling Demo Ltd');
	const workflow = example(EXAMPLE.newCompany);
	const run = await executeWorkflow(
		{ ...workflow, nodes: runnable(workflow) } as unknown as WorkflowJson,
		context.credentials,
	);
	expect(run.data.resultData.error).toBeUndefined();
	const [trigger] = run.data.resultData.runData['New Company'][0].data!.main[0]!;
	expect(trigger.json).toMatchObject({ event: 'client.created', record: { id: company.id } });
	const [task] = run.data.resultData.runData['Welcome Call'][0].data!.main[0]!;
	expect(task.json).toMatchObject({
		title: 'Welcome call: Polling Demo Ltd',
		// The trigger's custom fields by label (Custom Fields As): cf_industry, cf_company_size.
		description: 'Industry: Software. Company size: not set.',
		type: 'call',
		priority: 'HIGH',
	} as IDataObject);
	expect(context.sandbox.records('tasks').map((record) => record.title)).toContain(
		'Welcome call: Polling Demo Ltd',
	);
});
