/** §11.9: the tag types POST /tags takes (also v1's `GET /tags?type=`). */
export const TAG_TYPES_V2: readonly string[] = [
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
];
