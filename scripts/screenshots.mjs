// @ts-check
/**
 * `npm run screenshots`: the README's pictures, taken from the real n8n editor.
 * Starts the sandbox and a real n8n 2.x with this package installed (as `npm start`
 * does, on free ports), opens the editor in Debian's headless Chromium (installed
 * with apt-get when missing; playwright-core only drives it and never downloads a
 * browser), logs in as the owner and saves each panel into docs/screenshots/.
 *
 * Over 300 lines: one script read top to bottom, the sample workflows, the browser and each
 * panel it shoots.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import { startSandbox } from '../sandbox/index.ts';
// The demo's credential and sample workflows, shown as `npm start` imports them.
import {
	credentials,
	example,
	EXAMPLE,
	followUpTaskTag,
	forSandbox,
	sampleWorkflows,
	wonDealQuotation,
} from '../drivers/demo-workflows.ts';
import {
	hefflCredential,
	linearWorkflow,
	OWNER,
	ROOT,
	startRealN8n,
} from '../drivers/real-n8n.mjs';

const CHROMIUM = '/usr/bin/chromium';
const OUT = join(ROOT, 'docs', 'screenshots');
/** @param {string} message */
const step = (message) => console.log(`• ${message}`);

function ensureChromium() {
	if (existsSync(CHROMIUM)) return;
	step("installing Debian's chromium (apt-get)");
	const install = () =>
		spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
			stdio: 'inherit',
		}).status === 0;
	if (!install()) {
		spawnSync('apt-get', ['update'], { stdio: 'inherit' });
		if (!install()) throw new Error('apt-get install chromium failed (run as root?)');
	}
}

/**
 * What the pictures show: the demo's new lead → follow-up task, its new company → welcome
 * call (the polling trigger), an agent's tool, and the demo's deal won → quotation (the
 * template's custom fields in the mapper).
 * @param {import('../sandbox/index.ts').StartedSandbox} sandbox
 */
async function workflows(sandbox) {
	const template = sandbox
		.records('templates')
		.find((record) => record.type === 'quotations' && record.name === 'Project Quotation');
	if (!template) throw new Error("the sandbox has no quotation template named 'Project Quotation'");
	const [trigger] = sampleWorkflows(
		await followUpTaskTag(sandbox.urls.v2, sandbox.apiKey),
		sandbox.urls.v1,
	);
	// Only the Heffl credential: n8n 2.x refuses (403) an editor's list for a node naming a
	// credential the user cannot read, and the MCP token is not imported here.
	const heffl = { hefflApi: credentials.hefflApi };
	const agent = {
		...linearWorkflow('shotsAgentTool', 'Agent with the Heffl tool', [
			{ name: 'Chat', type: 'n8n-nodes-base.manualTrigger' },
			{ name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 2 },
		]),
	};
	agent.nodes.push({
		id: 'shotsHefflTool',
		name: 'Find Lead',
		type: 'n8n-nodes-heffl.hefflTool',
		typeVersion: 1,
		position: [440, 220],
		parameters: {
			resource: 'lead',
			operation: 'get',
			leadId: {
				__rl: true,
				mode: 'id',
				value: "={{ $fromAI('leadId', 'the lead ID, e.g. ld_0123', 'string') }}",
			},
		},
		credentials: heffl,
	});
	agent.connections['Find Lead'] = {
		ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]],
	};
	// The tool's Output (n8n's `@tool` display option): only the fields the agent needs.
	agent.nodes.push({
		id: 'shotsHefflToolOutput',
		name: 'Find Contacts',
		type: 'n8n-nodes-heffl.hefflTool',
		typeVersion: 1,
		position: [640, 220],
		parameters: {
			resource: 'contact',
			operation: 'getAll',
			limit: 5,
			output: 'selected',
			outputFields: ['name', 'email', 'companyName', 'cf_preferred_language'],
		},
		credentials: heffl,
	});
	agent.connections['Find Contacts'] = {
		ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]],
	};
	return {
		trigger,
		polling: forSandbox(example(EXAMPLE.newCompany), {
			urls: sandbox.urls,
			quotationTemplateId: String(template.id),
		}),
		agent,
		quotation: wonDealQuotation(String(template.id)),
	};
}

/**
 * Chromium, headless, in a fresh profile; a dropdown the editor could not fill is said,
 * with n8n's answer.
 * @param {string} profile
 */
async function openBrowser(profile) {
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		chromiumSandbox: false, // --no-sandbox: root in a container
		args: [
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
		viewport: { width: 1440, height: 900 },
		deviceScaleFactor: 1,
	});
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(60_000);
	page.on('response', async (response) => {
		if (response.url().includes('/dynamic-node-parameters/') && !response.ok())
			step(
				`the editor's ${response.url()} answered ${response.status()}: ${await response.text()}` +
					` (asked: ${response.request().postData()})`,
			);
	});
	return { context, page };
}

/**
 * The editor, logged in as the owner, and the moves every screenshot is made of.
 * @param {import('playwright-core').Page} page
 * @param {string} url n8n's
 */
async function editor(page, url) {
	step('logging in as the owner');
	await page.goto(`${url}/signin`);
	await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
	await page.fill('input[name=password]', OWNER.password);
	await page.click('[data-test-id=form-submit-button]');
	await page.waitForURL((address) => !address.pathname.includes('signin'));
	mkdirSync(OUT, { recursive: true });
	return {
		page,
		url,
		/** @param {string} file */
		async shot(file) {
			await page.waitForTimeout(1500); // fonts, icons and the panel's opening animation
			await page.screenshot({ path: join(OUT, file) });
			step(`docs/screenshots/${file}`);
		},
		/** @param {{ id?: string }} workflow */
		async openWorkflow(workflow) {
			await page.goto(`${url}/workflow/${workflow.id}`);
			await page.waitForSelector('[data-test-id=canvas-node]');
		},
		/** @param {string} name */
		async openNode(name) {
			await page.locator(`[data-test-id=canvas-node][data-node-name="${name}"]`).dblclick();
			await page.waitForSelector('[data-test-id=ndv] [data-test-id=node-parameters]');
		},
		async closeNode() {
			await page.click('[data-test-id=ndv-close-button]');
			await page.waitForSelector('[data-test-id=ndv]', { state: 'hidden' });
		},
	};
}

/** @typedef {Awaited<ReturnType<typeof editor>>} Editor */

/**
 * The workflow, the node, the trigger, the polling trigger and the tool.
 * @param {Editor} editor
 * @param {Awaited<ReturnType<typeof workflows>>} samples
 */
async function shootNodes(
	{ shot, openWorkflow, openNode, closeNode },
	{ trigger, polling, agent },
) {
	await openWorkflow(trigger);
	await shot('workflow.png');
	await openNode('Follow-up Task');
	await shot('node.png');
	await closeNode();
	await openNode('New Lead');
	await shot('trigger.png');
	await closeNode();

	await openWorkflow(polling);
	await openNode('New Company');
	await shot('polling-trigger.png');
	await closeNode();

	await openWorkflow(agent);
	await openNode('Find Lead');
	await shot('tool.png');
	await closeNode();
}

/**
 * The tool's Output → Selected Fields, its list open: the contact's fields and custom
 * fields, listed from Heffl by the editor (n8n's options call, our getOutputFields).
 * @param {Editor} editor
 * @param {{ agent: { id?: string } }} samples
 */
async function shootToolOutput({ page, shot, openWorkflow, openNode, closeNode }, { agent }) {
	await openWorkflow(agent);
	await openNode('Find Contacts');
	const ndv = page.locator('[data-test-id=ndv]');
	const fields = ndv.locator('[data-test-id=parameter-input-outputFields]');
	// A chosen custom field shown by its label: the editor has the list.
	await fields.getByText('Preferred Language').waitFor();
	// Scrolled down as far as the panel goes, so the list opens below Output, not over it.
	await ndv
		.locator('[data-test-id=parameter-input-output]')
		.evaluate((output) => output.scrollIntoView({ block: 'start' }));
	await fields.click();
	const list = page.locator('.el-select-dropdown:visible');
	await list.getByText('Custom field (cf_birthday)').waitFor();
	await page.waitForTimeout(1000); // the list scrolls to the chosen fields as it opens
	const wrap = list.locator('.el-scrollbar__wrap');
	await wrap.evaluate((element) => element.scrollTo(0, 0));
	await shot('tool-output.png');
	const [input, opened] = [await fields.boundingBox(), await list.boundingBox()];
	if (
		!input ||
		!opened ||
		opened.y < input.y ||
		(await wrap.evaluate((element) => element.scrollTop)) !== 0
	)
		throw new Error(
			'tool-output.png: the field list is not shown, covers Output or is not at its top',
		);
	await page.keyboard.press('Escape');
	await closeNode();
}

/**
 * The quotation's resource mapper and the credential.
 * @param {Editor} editor
 * @param {{ quotation: { id?: string } }} samples
 */
async function shootQuotationAndCredential(
	{ page, url, shot, openWorkflow, openNode, closeNode },
	{ quotation },
) {
	await openWorkflow(quotation);
	await openNode('Create Quotation');
	// The mapper's fields come from the template's definitions, loaded by the editor.
	const mapperField = page.locator('[data-test-id=ndv]').getByText('Payment Terms').first();
	await mapperField.waitFor();
	await mapperField.scrollIntoViewIfNeeded();
	await shot('quotation.png');
	await closeNode();

	await page.goto(`${url}/home/credentials/${credentials.hefflApi.id}`);
	await page.waitForSelector('[data-test-id=editCredential-modal]');
	await shot('credential.png');
}

async function main() {
	ensureChromium();
	step('n8n 2.x (cached), building and packing n8n-nodes-heffl, starting n8n');
	const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
	const samples = await workflows(sandbox);
	const { trigger, polling, agent, quotation } = samples;
	const n8n = await startRealN8n({
		name: 'heffl-shots',
		credentials: [hefflCredential(credentials.hefflApi, sandbox)],
		workflows: [trigger, polling, agent, quotation],
	});
	const profile = mkdtempSync(join(tmpdir(), 'heffl-chromium-'));
	let context;
	try {
		const browser = await openBrowser(profile);
		context = browser.context;
		const shots = await editor(browser.page, n8n.url);
		await shootNodes(shots, samples);
		await shootToolOutput(shots, samples);
		await shootQuotationAndCredential(shots, samples);
	} finally {
		await context?.close();
		rmSync(profile, { recursive: true, force: true });
		await n8n.stop();
		await sandbox.close();
		rmSync(n8n.folder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
