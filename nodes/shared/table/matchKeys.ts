/**
 * Match keys: what Create or Update finds a record by. A key is a field of the resource and
 * a normaliser (how a value becomes the key two records are compared by, what is sent as
 * Heffl's `search`, and which given values are refused). A resource lists its keys in
 * `matchKeys` (`{ field: 'website', as: DOMAIN }`); the lookup engine
 * (nodes/Heffl/execute/keyLookup.ts) is the same for every key.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Checked } from '../checks';
import { fail, ok, wholeEmail } from '../checks';
import type { FieldSpec, MatchKeySpec, Normaliser, ResourceSpec } from './schema';
import { fieldKey } from './schema';

/** Longest key text taken (a name or a code); e-mail addresses and domains have their own bounds. */
const MAX_KEY = 255;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const LOOK_ALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u;
const codePoint = (char: string) =>
	`U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What no key may hold, whatever its kind: an expression n8n left unevaluated, an invisible
 * character, a word mixing Latin letters with Cyrillic, Greek or Armenian ones that look
 * like them (`Аcme` with a Cyrillic А), or text too long to be a key. `oneWord`: the whole
 * text is one word (a code: `SKU-а1`, its Cyrillic а between a hyphen and a digit).
 */
function plainKey(text: string, max = MAX_KEY, oneWord = false): Checked | undefined {
	const shown = `'${text.slice(0, 60)}${text.length > 60 ? '…' : ''}'`;
	if (/\{\{|\}\}/.test(text))
		return fail(
			`${shown} holds {{ }}: an expression n8n did not evaluate`,
			'Make the field an expression (start it with =), or type the value itself.',
		);
	const invisible = INVISIBLE.exec(text);
	if (invisible)
		return fail(
			`${shown} holds an invisible character (${codePoint(invisible[0])})`,
			'Remove it: records are found by exactly what is shown.',
		);
	for (const word of (oneWord ? [text] : text.match(/\p{L}+/gu)) ?? []) {
		const other = LOOK_ALIKE_SCRIPTS.exec(word);
		if (other && /\p{Script=Latin}/u.test(word))
			return fail(
				`${shown} mixes Latin letters with look-alikes of another script ('${other[0]}' ${codePoint(other[0])} in '${word.slice(0, 40)}')`,
				'Type the word in one script: a look-alike letter would match no record, or another one.',
			);
	}
	if (text.length > max)
		return fail(
			`is ${text.length} characters long; a key is at most ${max}`,
			'Map the one value records are found by, not a longer text.',
		);
	return undefined;
}

const textKey = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number'
		? String(value).normalize('NFKC').trim().toLowerCase() || undefined
		: undefined;

/** The host of a website without `www.` or a trailing dot, lower case; undefined when it has none. */
function hostOf(value: unknown): { host?: string; url?: URL } {
	if (typeof value !== 'string' || !value.trim()) return {};
	const text = value.trim();
	let url: URL;
	try {
		url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
	} catch {
		return {};
	}
	const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
	const domain =
		/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
	return { url, host: domain.test(host) ? host : undefined };
}

export const EMAIL: Normaliser = {
	words: 'e-mail',
	noun: 'e-mail address',
	placeholder: 'e.g. nathan@example.com',
	describe: (label) =>
		`The whole e-mail address to find the ${label} by (exact, ignoring case; part of one is refused)`,
	keyOf: (value) =>
		typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined,
	term: (value) => value.trim(),
	check: (value) => plainKey(String(value), 254) ?? wholeEmail(value),
};

export const DOMAIN: Normaliser = {
	noun: 'website',
	placeholder: 'e.g. acme.com',
	describe: (label) =>
		`The website to find the ${label} by, compared as a domain: https://, www., a path, a trailing dot and case are ignored (https://www.Acme.com/about finds acme.com)`,
	keyOf: (value) => hostOf(value).host,
	term: (value) => hostOf(value).host ?? value.trim(),
	check: (value) => {
		const text = String(value);
		const { url, host } = hostOf(text);
		const hint = "Give the site's address, like acme.com or https://www.acme.com/about.";
		const plain = plainKey(text, 2048);
		if (plain) return plain;
		if (!url || !/^https?:$/.test(url.protocol))
			return fail(`'${text.slice(0, 80)}' is not a web address`, hint);
		if (url.username || url.password)
			return fail(`'${text.slice(0, 80)}' has a user name before its domain`, hint);
		if (url.search || url.hash)
			return fail(
				`'${text.slice(0, 80)}' has a query or fragment (${(url.search || url.hash).slice(0, 40)}): records are found by the domain alone`,
				hint,
			);
		if (!host) return fail(`'${text.slice(0, 80)}' has no domain like acme.com`, hint);
		return ok(value);
	},
};

export const NAME: Normaliser = {
	noun: 'name',
	placeholder: 'e.g. Acme Trading LLC',
	describe: (label) =>
		`The name to find the ${label} by (exact, ignoring case and surrounding spaces)`,
	keyOf: textKey,
	term: (value) => value.trim(),
	check: (value) => plainKey(String(value)) ?? ok(value),
};

export const CODE: Normaliser = {
	...NAME,
	noun: 'SKU',
	placeholder: 'e.g. SKU-1001',
	// A code is no prose: Latin beside a look-alike anywhere in it is one (SKU-а1 is not SKU-a1).
	check: (value) => plainKey(String(value), MAX_KEY, true) ?? ok(value),
	describe: (label) =>
		`The stock keeping unit to find the ${label} by (exact, ignoring case and surrounding spaces)`,
};

/** A resource's match key with its field: what the engine and the editor use. */
export interface MatchKey extends Normaliser {
	/** The parameter and field name; the value of Match By. */
	name: string;
	displayName: string;
	/** The record's key (and the body's). */
	recordKey: string;
	/** The field as the key is checked: its type and format, then the normaliser's check. */
	field: FieldSpec;
}

/** The keys a resource's Create or Update finds records by, first the default of Match By. */
export function matchKeysOf(resource: ResourceSpec): MatchKey[] {
	return (resource.matchKeys ?? []).map((spec: MatchKeySpec) => {
		const field = resource.fields?.find((candidate) => candidate.name === spec.field);
		if (!field) throw new Error(`${resource.value}: match key '${spec.field}' is no field`);
		return {
			...spec.as,
			name: field.name,
			displayName: field.displayName,
			recordKey: fieldKey(field),
			field: {
				...field,
				description: spec.as.describe(resource.label),
				validate: (value: IDataObject[string]) => spec.as.check(value),
			},
		};
	});
}

/** "website, name or e-mail": the keys, for the operation's action and description. */
export const keyWords = (keys: MatchKey[], word: (key: MatchKey) => string) =>
	keys
		.map(word)
		.join(', ')
		.replace(/, ([^,]*)$/, ' or $1');
