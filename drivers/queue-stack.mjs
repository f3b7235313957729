// @ts-check
// n8n in queue mode for the end-to-end tier and the benchmark: Redis and Postgres
// (drivers/queue-services.mjs), one main instance, workers and a webhook processor, each
// started by the real-n8n fixture (startRealN8n) with its own user folder holding the
// packed package as the community catalog installs it. Everything listens on free
// loopback ports and lives in one temporary folder that stop() deletes.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureDebianPackages, startPostgres, startRedis } from './queue-services.mjs';
import { ensureN8n, freePort, packPackage, startRealN8n } from './real-n8n.mjs';

export { ensureDebianPackages } from './queue-services.mjs';

/**
 * What every process of the stack shares: the database, the queue, the encryption key.
 * @param {{ port: number }} redis
 * @param {{ port: number }} postgres
 * @param {import('./real-n8n.mjs').Env} env the caller's, last
 */
function sharedEnv(redis, postgres, env) {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Every process must decrypt the credentials the main instance stored.
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		N8N_LOG_LEVEL: 'info',
		// n8n's default of 2 connections queues a burst of webhooks behind each other.
		DB_POSTGRESDB_POOL_SIZE: process.env.HEFFL_QUEUE_DB_POOL ?? '10',
		...env,
	};
}

/**
 * The n8n processes of the stack, started side by side: `n8n start` (main: editor, REST
 * API, activation; its production webhooks off so every delivery goes through the
 * webhook processor, its owner logged in), `workers` × `n8n worker`, and one `n8n
 * webhook` (when `withWebhook`). Each is the fixture's RealN8n with a `name`.
 * @param {string} base the stack's folder (one user folder per process inside)
 * @param {Omit<import('./real-n8n.mjs').RealN8nOptions, 'folder'>} fixture
 *   what every process gets (package, tarballs, env); the main also imports
 *   `credentials` and `workflows`
 * @param {{ workers: number, workerConcurrency: number, withWebhook: boolean }} shape
 * @param {(process: QueueProcess) => void} started each as it is started (to stop it)
 */
async function startProcesses(base, fixture, { workers, workerConcurrency, withWebhook }, started) {
	const { credentials, workflows, env, ...everyProcess } = fixture;
	const webhookPort = await freePort();
	const webhookUrl = `http://127.0.0.1:${webhookPort}/`;
	/**
	 * @param {string} name
	 * @param {import('./real-n8n.mjs').RealN8nOptions} options
	 * @returns {Promise<QueueProcess>}
	 */
	const start = async (name, options) => {
		const n8n = await startRealN8n({
			...everyProcess,
			folder: join(base, name),
			...options,
			env: { ...env, ...options.env },
		});
		const named = Object.assign(n8n, { name });
		started(named);
		return named;
	};
	const worker = async (/** @type {number} */ index) => {
		const port = await freePort();
		return start(`worker${index + 1}`, {
			port,
			command: ['worker', `--concurrency=${workerConcurrency}`],
			env: {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
		});
	};
	const [main, webhook, ...workerProcesses] = await Promise.all([
		start('main', {
			credentials,
			workflows,
			env: { N8N_WEBHOOK_URL: webhookUrl, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
		}),
		withWebhook
			? start('webhook', {
					port: webhookPort,
					command: ['webhook'],
					env: { N8N_WEBHOOK_URL: webhookUrl },
				})
			: undefined,
		...Array.from({ length: workers }, (_, index) => worker(index)),
	]);
	return { main, webhook, workers: /** @type {QueueProcess[]} */ (workerProcesses) };
}

/**
 * Redis, Postgres, and n8n in queue mode (startProcesses). Credentials and workflows
 * are imported into Postgres before anything starts.
 *
 * `workerConcurrency` 1 makes two executions queued together run on two workers.
 * `extraTarballs`: more packages every process installs beside this one (test probes).
 * @param {object} [options]
 * @param {readonly object[]} [options.credentials]
 * @param {readonly object[]} [options.workflows]
 * @param {number} [options.workers]
 * @param {number} [options.workerConcurrency]
 * @param {string[]} [options.extraTarballs]
 * @param {boolean} [options.webhook] whether to start the webhook processor
 * @param {import('./real-n8n.mjs').Env} [options.env] more environment for every process
 */
export async function startQueueStack({
	credentials = [],
	workflows = [],
	workers = 2,
	workerConcurrency = 1,
	extraTarballs = [],
	webhook: withWebhook = true,
	env = {},
} = {}) {
	ensureN8n();
	ensureDebianPackages();
	const base = mkdtempSync(join(tmpdir(), 'heffl-queue-'));
	chmodSync(base, 0o711); // the postgres user must reach its data folder inside
	/** @type {Array<{ stop: () => Promise<void>, kill?: () => unknown }>} */
	const started = [];
	const stopAll = async () => {
		for (const service of started.splice(0).reverse()) await service.stop();
		rmSync(base, { recursive: true, force: true });
	};
	// A test runner killed mid-run still leaves no server behind.
	const onExit = () => {
		for (const service of started) service.kill?.();
	};
	process.once('exit', onExit);
	try {
		const catalog = packPackage(join(base, 'pack'));
		const redis = await startRedis(join(base, 'redis'));
		started.push(redis);
		const postgres = await startPostgres(join(base, 'postgres'));
		started.push(postgres);
		const processes = await startProcesses(
			base,
			{
				catalog,
				tarballs: extraTarballs,
				credentials,
				workflows,
				env: sharedEnv(redis, postgres, env),
			},
			{ workers, workerConcurrency, withWebhook },
			(process) => started.push(process),
		);
		return {
			...processes,
			sql: postgres.sql,
			holdInPostgres: postgres.hold,
			/**
			 * Stops the main instance (SIGTERM, as a deploy does; SIGKILL, as a crash, with
			 * `kill`), runs `whileDown`, starts it again on the same port and folder.
			 */
			async restartMain(whileDown = async () => {}, { kill = false } = {}) {
				if (kill) processes.main.kill();
				await processes.main.restart(whileDown);
				return processes.main;
			},
			/**
			 * Which worker ran each execution, from the workers' own logs.
			 * @param {string} executionId
			 */
			workerOf(executionId) {
				const line = new RegExp(`Worker started execution ${executionId} \\(job`);
				return processes.workers.find((worker) => line.test(worker.output()))?.name;
			},
			async stop() {
				process.removeListener('exit', onExit);
				await stopAll();
			},
		};
	} catch (error) {
		process.removeListener('exit', onExit);
		await stopAll();
		throw error;
	}
}

/**
 * One n8n process of the stack (main, webhook, workerN): the fixture's RealN8n, named.
 * @typedef {import('./real-n8n.mjs').RealN8n & { name: string }} QueueProcess
 */
