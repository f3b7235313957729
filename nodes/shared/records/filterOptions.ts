/**
 * The dropdowns of the lead filters both triggers offer (Stage, Source): the lists they pick
 * from, as the Heffl node's Get Many offers them, read through the transport.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { hefflPaginate } from '../transport';

/** A v1 list of reference data as options, ordered by position where it has one, else by name. */
const optionsOf = (path: string) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const records = await hefflPaginate.call(this, { api: 'v1', path });
		return records
			.sort(
				(a, b) =>
					Number(a.position ?? 0) - Number(b.position ?? 0) ||
					String(a.name ?? '').localeCompare(String(b.name ?? '')),
			)
			.map((record) => ({
				name: String(record.name ?? record.label ?? record.id),
				value: String(record.id),
			}));
	};

/** §10.1's lead stages and sources (`/leads/stages`, `/leads/sources`). */
export const filterOptions = {
	getLeadStages: optionsOf('/leads/stages'),
	getLeadSources: optionsOf('/leads/sources'),
};
