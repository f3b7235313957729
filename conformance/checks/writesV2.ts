/**
 * The v2 write checks (`--write`), in the order they run: a task's defaults, dates and null
 * (writesTasks.ts, §11.5, §14), a contact created with the update page's fields and its
 * required fields (writesContacts.ts, §11.1), custom-field values and keys
 * (writesCustomFields.ts, §9.2), a deal's defaults and moves (writesDeals.ts, §11.3), a
 * quotation with its line items and required fields (writesQuotations.ts, §11.4), and last the
 * refused delete of a linked contact (§4.2). Every record carries the run's marker
 * (writeFixtures.ts: what they create and send).
 */
import type { Check } from '../types';
import { CONTACT_WRITE_CHECKS, linkedDelete } from './writesContacts';
import { CUSTOM_FIELD_WRITE_CHECKS } from './writesCustomFields';
import { DEAL_WRITE_CHECKS } from './writesDeals';
import { QUOTATION_WRITE_CHECKS } from './writesQuotations';
import { TASK_WRITE_CHECKS } from './writesTasks';

export const V2_WRITE_CHECKS: Check[] = [
	...TASK_WRITE_CHECKS,
	...CONTACT_WRITE_CHECKS,
	...CUSTOM_FIELD_WRITE_CHECKS,
	...DEAL_WRITE_CHECKS,
	...QUOTATION_WRITE_CHECKS,
];

/** After every check that needs the contact: Heffl may delete a linked contact after all. */
export const LINKED_DELETE_CHECKS: Check[] = [linkedDelete];
