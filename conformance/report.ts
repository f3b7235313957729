/**
 * The run as a table (Markdown, so it can be pasted into an issue) and as JSON, both with
 * the API key and any webhook signing secret cut out.
 */
import type { CheckReport, Report } from './run';

/** Removes the key (wherever it is) and every `whsec_` secret from a text. */
export function redact(text: string, apiKey: string): string {
	const withoutKey = apiKey ? text.split(apiKey).join('[redacted API key]') : text;
	return withoutKey.replace(/whsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function where(check: CheckReport): string {
	if (check.depends.length) return check.depends.map((file) => `\`${file}\``).join(', ');
	return check.sandbox ? `none (sandbox: \`${check.sandbox}\`)` : 'none';
}

function result(check: CheckReport): string {
	if (check.outcome === 'holds') return `**holds**: ${check.detail}`;
	if (check.outcome === 'not checked') return `not checked: ${check.detail}`;
	const how = check.adapts
		? ` (the package adapts: ${check.adapts})`
		: check.fails
			? ' (**the package depends on it: change the file named**)'
			: check.sandbox
				? ` (the package does not depend on it; make the sandbox follow: \`${check.sandbox}\`)`
				: '';
	return `**differs**: ${check.detail}${how}`;
}

export function table(report: Report, apiKey: string): string {
	const { summary, requests, records } = report;
	const lines = [
		'| Check | Where the package depends on it | Result |',
		'|---|---|---|',
		...report.checks.map(
			(check) => `| \`${check.id}\` | ${cell(where(check))} | ${cell(result(check))} |`,
		),
		'',
		`${summary.holds} hold, ${summary.differs} differ (${summary.fails} of them in what the package depends on), ${summary.notChecked} not checked.`,
		`${requests.total} requests (${requests.writes} of them writes) to ${report.baseUrls.v1} and ${report.baseUrls.v2} in ${(report.durationMs / 1000).toFixed(1)} s${report.write ? '' : ', read-only'}.`,
	];
	if (records.created)
		lines.push(
			`${records.created} records created with '${records.marker}' in their names, ${records.deleted} deleted.`,
		);
	for (const leftover of records.leftovers)
		lines.push(
			`NOT DELETED: ${leftover.label} ${leftover.id} (${leftover.api} ${leftover.path}/${leftover.id})${leftover.problem ? `: ${leftover.problem}` : ''}. Delete it in Heffl.`,
		);
	if (report.interrupted) lines.push('Interrupted: the checks after the interruption did not run.');
	return redact(lines.join('\n'), apiKey);
}

export function json(report: Report, apiKey: string): string {
	return redact(JSON.stringify(report, null, 2), apiKey);
}
