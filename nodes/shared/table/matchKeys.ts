/**
 * Match keys: what Create or Update finds a record by. A key is a field of the record and a
 * normaliser (two values match when their normal forms are equal), with the check a given
 * key goes through. A new key is one entry of MATCH_KEYS; a resource lists the keys it
 * upserts by (`matchBy` in its table entry), the first being the default.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Checked } from '../checks';
import { asScalarText, fail, ok, wholeEmail } from '../checks';

export type MatchKeyName = 'email' | 'website' | 'name' | 'sku';

export interface MatchKey {
	/** The Match By option, and the parameter the key is given in. */
	value: MatchKeyName;
	displayName: string;
	/** The record's key it is compared with (in bodies and answers). */
	field: string;
	/** How the operation's name says it: "Create or update company by website". */
	by: string;
	/** What it is in a sentence: "the e-mail address", "the SKU". */
	noun: string;
	/** What the Match By option says about the comparison. */
	compared: string;
	/** Its normal form (records are compared by it), or undefined when it has none. */
	normalise: (value: unknown) => string | undefined;
	/** The given key's own check after the common ones: its text as written, or the problem. */
	check: (text: string) => Checked;
	/** What is sent as Heffl's `search` for it. */
	term: (text: string) => string;
}

const MAX_LENGTH = 255;
/** Characters that show as nothing: a key holding one looks like another key. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]/;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKES = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

const lowerTrimmed = (value: unknown) =>
	typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;

/**
 * The domain a website is on: scheme, user, port, path, query, `www.`, a trailing dot and
 * case left out. Undefined when what is left is no domain name.
 */
export function domainOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const host = value
		.trim()
		.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
		.split(/[/?#]/)[0]
		.replace(/^[^@]*@/, '')
		.replace(/:\d*$/, '')
		.replace(/\.$/, '')
		.toLowerCase()
		.replace(/^www\./, '');
	const labels = host.split('.');
	const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
	return host.length <= 253 &&
		labels.length > 1 &&
		labels.every((part) => label.test(part)) &&
		/^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/.test(labels[labels.length - 1])
		? host
		: undefined;
}

function domainKey(text: string): Checked {
	const shown = `'${text.slice(0, 80)}'`;
	// eslint-disable-next-line no-control-regex
	if (/[^\x00-\x7F]/.test(text))
		return fail(
			`${shown} has letters outside a–z (look-alike or international characters)`,
			'Give the domain in plain letters, like acme.com; an international domain in its xn-- form.',
		);
	if (/[?#]/.test(text))
		return fail(
			`${shown} has a query or fragment: a company is found by its domain`,
			'Give the website without ?… or #…, like acme.com or https://www.acme.com/about.',
		);
	if (/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text) || (!text.includes('/') && text.includes('@')))
		return fail(
			`${shown} is not a website: it holds an @`,
			'Give the website, like acme.com; to find the company by e-mail, choose Match By › Email.',
		);
	return domainOf(text) === undefined
		? fail(
				`${shown} is not a website on a domain`,
				'Give a domain name like acme.com, or a web address like https://www.acme.com/about.',
			)
		: ok(text);
}

/** Every match key, by the Match By option that picks it. */
export const MATCH_KEYS: Record<MatchKeyName, MatchKey> = {
	email: {
		value: 'email',
		displayName: 'Email',
		field: 'email',
		by: 'e-mail',
		noun: 'e-mail address',
		compared: 'the whole address, ignoring case and surrounding spaces',
		normalise: lowerTrimmed,
		check: (text) => wholeEmail(text),
		term: (text) => text,
	},
	website: {
		value: 'website',
		displayName: 'Website',
		field: 'website',
		by: 'website',
		noun: 'website',
		compared:
			'as a domain: https://, www., the path, a trailing dot and case ignored (https://www.Acme.com/about matches acme.com)',
		normalise: domainOf,
		check: domainKey,
		term: (text) => domainOf(text) ?? text,
	},
	name: {
		value: 'name',
		displayName: 'Name',
		field: 'name',
		by: 'name',
		noun: 'name',
		compared: 'the whole name, ignoring case and surrounding spaces',
		normalise: lowerTrimmed,
		check: ok,
		term: (text) => text,
	},
	sku: {
		value: 'sku',
		displayName: 'SKU',
		field: 'sku',
		by: 'SKU',
		noun: 'SKU',
		compared: 'the whole SKU, ignoring case and surrounding spaces',
		normalise: lowerTrimmed,
		check: ok,
		term: (text) => text,
	},
};

/**
 * A given key, checked: text (one value, not an object), no expression left unresolved,
 * at most 255 characters, no invisible characters, no word mixing Latin letters with
 * Cyrillic or Greek look-alikes; then the key's own check. Its value is the trimmed text.
 */
export function checkKey(key: MatchKey, given: unknown): Checked {
	const text = asScalarText(given, 'text', `Map one value here, like {{ $json.${key.field} }}.`);
	if (!('value' in text)) return text;
	const trimmed = String(text.value).trim();
	const shown = `'${trimmed.slice(0, 40)}${trimmed.length > 40 ? '…' : ''}'`;
	if (/\{\{|\}\}/.test(trimmed))
		return fail(
			`${shown} holds {{ }}: an expression was left unresolved`,
			'Start the field with = to make it an expression, or remove the braces.',
		);
	if (trimmed.length > MAX_LENGTH)
		return fail(
			`is ${trimmed.length} characters long; a ${key.by} to match on is at most ${MAX_LENGTH}`,
			`Map the ${key.by} itself, not a longer text.`,
		);
	const words = trimmed.split(/\s+/);
	if (INVISIBLE.test(trimmed) || words.some((word) => LATIN.test(word) && LOOK_ALIKES.test(word)))
		return fail(
			`${shown} mixes Latin letters with look-alike Cyrillic or Greek ones (or holds invisible characters)`,
			`Type the ${key.by} in one alphabet: it would match no record written in plain letters.`,
		);
	return key.check(trimmed);
}

/** The normal form of a record's key. */
export const keyOf = (key: MatchKey, record: IDataObject) => key.normalise(record[key.field]);

/**
 * The term a record can prove a search by: its key, when a user could give it (a whole
 * e-mail address, a domain) and no other text of the record holds it (a search that found
 * the record through its e-mail would not prove it looks at its website). Undefined: the
 * record proves nothing.
 */
export function probeTerm(key: MatchKey, record: IDataObject): string | undefined {
	const checkedKey = checkKey(key, record[key.field]);
	if (!('value' in checkedKey)) return undefined;
	const term = key.term(String(checkedKey.value));
	const lower = term.toLowerCase();
	const elsewhere = Object.entries(record).some(
		([name, value]) =>
			name !== key.field && typeof value === 'string' && value.toLowerCase().includes(lower),
	);
	return elsewhere ? undefined : term;
}
