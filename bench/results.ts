/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- benchmark tooling, not shipped */
/**
 * The bench's rows and bench/results.md: each row is printed as it is measured; a full run
 * writes the page afresh, a run of some rows (`BENCH_ONLY`) puts its rows beside the others
 * and says when they were measured. Written as prettier formats it, so `prettier --check bench`
 * passes on the file the bench writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { format, resolveConfig } from 'prettier';

const FILE = 'bench/results.md';

/** Every row of this run, in the order measured. */
export const rows: Array<[string, string]> = [];

export const row = (name: string, value: string) => {
	rows.push([name, value]);
	console.log(`${name}: ${value}`);
};

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The machine's load over the last 5 minutes: other work on it slows the latency rows. */
export const load = () => loadavg()[1].toFixed(1);

/** The run's start, for the sentence that says where and when the rows were measured. */
export interface RunStart {
	startedMs: number;
	loadBefore: string;
}

export const runStart = (): RunStart => ({ startedMs: Date.now(), loadBefore: load() });

const machine = ({ loadBefore }: RunStart) =>
	`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}, 5-minute load average ${loadBefore} at the start, ${load()} at the end), Node ${process.version}`;

const tableOf = (entries: Array<[string, string]>) =>
	[
		'| measurement | result |',
		'|---|---|',
		...entries.map(([name, value]) => `| ${name} | ${value} |`),
	].join('\n');

async function writePage(markdown: string) {
	writeFileSync(FILE, await format(markdown, { ...(await resolveConfig(FILE)), filepath: FILE }));
}

/** A full run: the page holds this run's rows only. */
export async function writeResults(start: RunStart) {
	const table = tableOf(rows);
	await writePage(
		`# Benchmark results\n\nMeasured ${new Date().toISOString()} on ${machine(start)}, in ${seconds(Date.now() - start.startedMs)}, by \`npm run bench\`.\n\n${table}\n`,
	);
	console.log(`\n${table}`);
}

/** A run of some rows only: they replace their rows of the page (new ones are added). */
export async function mergeResults(which: string, start: RunStart) {
	const kept = readFileSync(FILE, 'utf8');
	const table = kept
		.split('\n')
		.filter((line) => /^\|/.test(line))
		.slice(2);
	const parsed = table.map((line) => {
		const match = /^\|\s*(.*?)\s*\|\s*(.*?)\s*\|$/.exec(line);
		return [match?.[1] ?? '', match?.[2] ?? ''] as [string, string];
	});
	const names = new Set(rows.map(([name]) => name));
	const merged = [...parsed.filter(([name]) => !names.has(name)), ...rows];
	// Paragraphs of the page other than its title, its table and this command's earlier note.
	const own = `The rows of \`BENCH_ONLY=${which} npm run bench\``;
	const paragraphs = kept
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter((paragraph) => paragraph && !/^[#|]/.test(paragraph) && !paragraph.startsWith(own));
	const measured = [...new Set(rows.map(([name]) => name.split(/ \(|:/)[0]))].join('; ');
	paragraphs.push(
		`${own} (${measured}) are from its run of ${new Date().toISOString()} on ${machine(start)}, in ${seconds(Date.now() - start.startedMs)}.`,
	);
	await writePage(`# Benchmark results\n\n${paragraphs.join('\n\n')}\n\n${tableOf(merged)}\n`);
}
