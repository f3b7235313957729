/** Query parameters the API reads as numbers (page sizes, page numbers). */
import { ApiError } from './errors';

/** The whole number `name` from 1 to `max`, or `fallback` when it is absent. */
export function wholeNumber(
	query: URLSearchParams,
	name: string,
	fallback: number,
	max: number,
): number {
	const raw = query.get(name);
	if (raw === null) return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
		throw ApiError.field(name, `must be an integer from 1 to ${max}`);
	return Number(raw);
}
