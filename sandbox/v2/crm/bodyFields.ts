/** The body field checks the CRM resources share (their types, formats and references). */
import type { Checked } from '../../fields';
import { refsTo, refTo } from '../body';
import { hasTag } from '../refdata';

export const text = { kind: 'string' } as const;
/** A string with more than white space (the names and titles a create requires). */
export const required = { kind: 'text' } as const;
export const number = { kind: 'number' } as const;
export const bool = { kind: 'boolean' } as const;
export const dateTime = { kind: 'dateTime' } as const;
export const currency = { kind: 'currency' } as const;
export const enumOf = (values: readonly string[]) => ({ kind: 'enum', values }) as const;
export const user = refTo('user', 'users');
export const users = refsTo('user', 'users');
export const tags = refsTo('tag', 'tags', hasTag);
export const client = refTo('contact or company', 'clients', 'contacts');
export const url = (value: unknown): Checked => {
	try {
		return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol)
			? { value }
			: { problem: 'must be an absolute http(s) URL' };
	} catch {
		return { problem: 'must be an absolute http(s) URL' };
	}
};
export const nonNegative = (value: unknown): Checked =>
	typeof value === 'number' && value >= 0 ? { value } : { problem: 'must be a number ≥ 0' };
export const address = {
	kind: 'object',
	members: ['city', 'address', 'landmark', 'state', 'country', 'postalCode'],
} as const;
