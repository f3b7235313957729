/**
 * The value lists Heffl's reference gives (heffl-reference.md): the record types a tag or a
 * template belongs to, priorities and statuses; read by the resource files' choices and
 * filters, and by the conformance kit.
 */
import { alphabetical, toOptions } from './builders';

/** The record types a tag belongs to (§11.9, and the contract's `GET /tags?type=`). */
export const TAG_TYPES = [
	'leads',
	'deals',
	'clients',
	'contacts',
	'projects',
	'project_tasks',
	'invoices',
	'quotations',
	'schedules',
	'fs_jobs',
	'purchase_orders',
	'vendors',
	'bills',
] as const;

export const TAG_TYPE_OPTIONS = alphabetical(
	toOptions(TAG_TYPES, { fs_jobs: 'Field Service Jobs' }),
);

/** §11.13: the document types templates belong to ("and others"). */
export const TEMPLATE_TYPES = [
	'quotations',
	'invoices',
	'proforma_invoices',
	'purchase_orders',
	'bills',
	'sales_orders',
	'documents',
];

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'];
export const DEAL_STATUSES = ['ACTIVE', 'WON', 'LOST'];
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'];
