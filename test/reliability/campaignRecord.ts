/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- the campaign prints its figures and reads the process's own output */
/**
 * What the reliability campaign (campaign.test.ts) counts and scans: its figures, printed as
 * a table when it ends; and everything the nodes produced and everything written to stdout,
 * stderr and the console during it, scanned at the end for the secrets it met (none may
 * appear).
 */
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, expect } from 'vitest';

export function useCampaignRecord() {

	const figures: Array<[string, number | string, string]> = [];
	/** Everything the nodes produced: scanned for secrets at the end. */
	const produced: string[] = [];
	const secrets = new Set<string>();

	// Everything written to stdout and stderr during the campaign is scanned too.
	beforeAll(() => {
		for (const stream of [process.stdout, process.stderr]) {
			const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
			stream.write = ((chunk: unknown, ...rest: unknown[]) => {
				produced.push(String(chunk));
				return write(chunk, ...rest);
			}) as typeof stream.write;
		}
		for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			const original = console[level].bind(console);
			console[level] = (...args: unknown[]) => {
				produced.push(
					args
						.map((arg) => (typeof arg === 'string' ? arg : (JSON.stringify(arg) ?? String(arg))))
						.join(' '),
				);
				original(...args);
			};
		}
	});

	afterAll(() => {
		const leaks = produced.reduce(
			(count, text) => count + [...secrets].filter((secret) => text.includes(secret)).length,
			0,
		);
		figures.push(['secrets in outputs, errors and logs', leaks, '0']);
		console.log(
			[
				'',
				'| check | measured | target |',
				'|---|---|---|',
				...figures.map(([name, value, target]) => `| ${name} | ${value} | ${target} |`),
			].join('\n'),
		);
		expect(leaks).toBe(0);
	});

	const record = (result: { json: IDataObject[]; error?: Error }) => {
		produced.push(JSON.stringify(result.json));
		if (result.error) produced.push(`${result.error.message} ${JSON.stringify(result.error)}`);
	};
	return { figures, produced, secrets, record };
}
