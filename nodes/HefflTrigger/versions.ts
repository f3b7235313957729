/** What each version of the Heffl Trigger means (see nodes/shared/nodeVersions.ts). */
import type { NodeVersionRow } from '../shared/nodeVersions';
import { versionsOf } from '../shared/nodeVersions';

export const NODE_VERSIONS: Readonly<Record<number, NodeVersionRow>> = {
	1: {
		since: '0.1.0',
		changes:
			'First release: registers its subscription or uses one made in Heffl (its signing secret in a credential).',
	},
};

export const {
	versions: VERSIONS,
	latest: LATEST_VERSION,
	described: DESCRIBED_VERSION,
} = versionsOf(NODE_VERSIONS);
