/**
 * A node's versions, from its table of what each one means (nodes/Heffl/versions.ts,
 * nodes/HefflTrigger/versions.ts). n8n saves a node's version with the workflow and
 * keeps running it as that version, so once a version is released its row never
 * changes: a change to what saved parameters mean is a new row (ARCHITECTURE.md,
 * "Adding a node version").
 */
export interface NodeVersionRow {
	/** The first package version that has it. */
	since: string;
	/** What it changes against the version before it, as the README's version table says. */
	changes: string;
}

export function versionsOf(table: Readonly<Record<number, NodeVersionRow>>) {
	const versions = Object.keys(table)
		.map(Number)
		.sort((a, b) => a - b);
	const latest = versions[versions.length - 1];
	return {
		versions,
		latest,
		/** The description's `version`: one number until there are several. */
		described: versions.length === 1 ? latest : versions,
	};
}
