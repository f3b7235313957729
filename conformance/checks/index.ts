/**
 * Every check, in the order they run: reads first (they fill the cache later checks read),
 * then writes (only when the key's budget can also pay for their clean-up), then the checks
 * that judge what the whole run saw. docs/assumptions.md
 * names each id in its Check column; test/conformance/assumptions.test.ts keeps both one list.
 */
import type { Check } from '../types';
import { LATE_WRITE_CHECKS, WEBHOOK_CHECKS } from './answers';
import { LIST_WRITE_CHECKS } from './cursorKind';
import { LIST_CHECKS } from './lists';
import { KEY_LOOKUP_CHECKS, KEY_SEARCH_CHECKS } from './keyLookups';
import { LOOKUP_CHECKS } from './lookups';
import { LATE_RECORD_CHECKS, RECORD_CHECKS } from './records';
import { REFERENCE_CHECKS } from './reference';
import { LATE_TRANSPORT_CHECKS, TRANSPORT_CHECKS } from './transport';
import { V1_WRITE_CHECKS } from './writesV1';
import { DEAL_READ_CHECKS, OFFERED_CHECKS } from './offered';
import { LINKED_DELETE_CHECKS, V2_WRITE_CHECKS } from './writesV2';

export const CHECKS: readonly Check[] = [
	...LIST_CHECKS,
	...RECORD_CHECKS,
	...LOOKUP_CHECKS,
	...KEY_LOOKUP_CHECKS,
	...REFERENCE_CHECKS,
	...OFFERED_CHECKS,
	...TRANSPORT_CHECKS,
	...LIST_WRITE_CHECKS,
	...V1_WRITE_CHECKS,
	...V2_WRITE_CHECKS,
	...KEY_SEARCH_CHECKS,
	...DEAL_READ_CHECKS,
	...LINKED_DELETE_CHECKS,
	...WEBHOOK_CHECKS,
	...LATE_WRITE_CHECKS,
	...LATE_RECORD_CHECKS,
	...LATE_TRANSPORT_CHECKS,
];
