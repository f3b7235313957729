/** The record types a tag belongs to (the contract's `GET /tags?type=` list), for both node versions. */
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
