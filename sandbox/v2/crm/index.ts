/**
 * The v2 CRM resources (heffl-reference.md §11.1–§11.5), one file each: contacts, companies,
 * deals, quotations and tasks, each with its documented body, required fields, list
 * parameters (search, orderBy, filters), response shape and events. Companies are the
 * v1 clients of type `company`, deals and tasks the v1 deals and tasks: one workspace,
 * two views (§15).
 */
import { COMPANIES } from './companies';
import { CONTACTS } from './contacts';
import { DEALS } from './deals';
import { QUOTATIONS } from './quotations';
import type { CrmResource } from './resource';
import { TASKS } from './tasks';

export type { CrmResource } from './resource';

export const CRM_RESOURCES: CrmResource[] = [CONTACTS, COMPANIES, DEALS, QUOTATIONS, TASKS];
