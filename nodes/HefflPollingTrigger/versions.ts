/** What each version of the Heffl Polling Trigger means (see nodes/shared/nodeVersions.ts). */
import type { NodeVersionRow } from '../shared/nodeVersions';
import { versionsOf } from '../shared/nodeVersions';

export const NODE_VERSIONS: Readonly<Record<number, NodeVersionRow>> = {
	1: {
		since: '0.1.0',
		changes:
			'First release: new contacts, companies, deals, quotations, leads or tasks at the Poll Times.',
	},
};

export const { latest: LATEST_VERSION, described: DESCRIBED_VERSION } = versionsOf(NODE_VERSIONS);
