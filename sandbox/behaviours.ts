/**
 * Switchable behaviours: where heffl-reference.md is silent, the sandbox follows one
 * reading by default and can be switched to another a real Heffl might show, so a test
 * (or the conformance kit) can prove the package survives, adapts to, or names it.
 * Each switch cites the silence it stands in. Off by default; set with the sandbox
 * option `behaviours`, `setBehaviours()` or `POST /__sandbox/behaviours` (replaces all).
 */
import { ApiError } from './errors';

export interface Behaviours {
	/**
	 * `createdAt` (and `updatedAt`) in whole seconds (`…:05.000Z`). The reference shows
	 * `.000Z` in every example and states no precision (§6.1, §7 examples): many records
	 * may share one createdAt.
	 */
	secondPrecisionTimestamps?: boolean;
	/**
	 * v2 lists ignore `orderBy`/`orderDir` and answer in creation order, oldest first.
	 * §7 documents ordering for contacts, companies, deals, quotations and tasks only by
	 * example (`orderBy=name&orderDir=asc`) and §7's default ("createdAt desc") is not
	 * restated for leads (§11.1): a server may not honour it.
	 */
	ignoreOrderDir?: boolean;
	/**
	 * v2 list cursors point after a record (a key) instead of at a position, so a record
	 * created or deleted between two page reads does not shift later pages. §6.2 says only
	 * "pass the previous meta.nextCursor": what a cursor stands for is not documented.
	 */
	keyCursors?: boolean;
	/**
	 * The v2 reference lists (users, tags, products, pipelines, client stages, sources)
	 * answer every record on one page, ignoring pageSize: §11.9, §11.11 and §13 name their
	 * paths only, no parameters.
	 */
	referenceListsIgnorePageSize?: boolean;
	/**
	 * v2 errors flat like v1's, `{code, message, details}`: the nested form is shown on the
	 * errors guide only (§4.2); no v2 reference page renders an error response.
	 */
	flatV2Errors?: boolean;
	/**
	 * `RateLimit-Reset` is the Unix time (seconds) the window resets, not the seconds until
	 * then: §5 names the header, not its unit.
	 */
	rateLimitResetUnixTime?: boolean;
	/**
	 * Deletes answer 204 with no body: no delete answer is documented for v1 (§18), and v2's
	 * "delete returns the resource directly" is one sentence of the introduction (§15).
	 */
	emptyDeleteAnswers?: boolean;
	/** Creates answer 201: the pages show 200 only ("create endpoints also return 200", §10, §11). */
	createdStatus201?: boolean;
	/**
	 * Custom-field definitions in the app's words, `{id, apiName, name, fieldType: "Single
	 * Option", isRequired, options: [{value, label}]}`: §11.12 shows no shape; §9.1 the app's names.
	 */
	customFieldsAppShape?: boolean;
	/**
	 * v1 lists page by number only: `pageNo`/`pageSize`, answered `{items, meta: {count,
	 * total, pageNo, pageSize}}`, `limit` and `cursor` ignored (§6.1 versions B and C, §17.1).
	 */
	v1NumberedPages?: boolean;
	/**
	 * v2's reference lists answer 400 VALIDATION_ERROR, naming it, to any query parameter
	 * but the paging the package keeps (`cursor`, `pageSize`: docs/assumptions.md). §11.9
	 * documents no query for `GET /tags` (`type` is v1's, §10.6); §11.7, §11.10, §11.11
	 * and §13 name the other lists' paths only. By default the sandbox takes `type` on
	 * tags and `search` on products and users.
	 */
	strictReferenceLists?: boolean;
	/**
	 * Where a deal's answer gives its line items back: §11.3 takes `products` on create but
	 * lists no line-item field in the deal response, so by default the sandbox answers none
	 * (the stored deal keeps them). `lineItems`: under that key, as quotations answer theirs
	 * (§11.4); `products`: under the request's name.
	 */
	dealLineItems?: DealLineItemsKey;
	/**
	 * v2 `search` on `GET /leads` does not look at the e-mail address (name, number and
	 * mobile only): §7 says the searched fields "differ per endpoint" and lists none for
	 * leads. Issue 35: a lookup by e-mail must not take this search's "nothing" for a fact.
	 */
	leadSearchIgnoresEmail?: boolean;
	/**
	 * The same for v2 `GET /contacts` (name, number and phone only): §7 shows
	 * `search=jane%40example.com` as an example, without its answer.
	 */
	contactSearchIgnoresEmail?: boolean;
	/**
	 * v2 `search` on `GET /companies` does not look at the website / the name / the e-mail
	 * address: §7 documents `search` on /companies and lists no searched fields. Issue 42:
	 * Company → Create or Update must not take this search's "nothing" for a fact.
	 */
	companySearchIgnoresWebsite?: boolean;
	companySearchIgnoresName?: boolean;
	companySearchIgnoresEmail?: boolean;
	/**
	 * A sent line item's member given as `null` is refused (400, `must not be null`), while
	 * answers still give unset members as `null`: §11.3 and §11.4 show line members with
	 * example values only, none marked nullable. Issue 46: a read deal's lines, passed on.
	 */
	lineItemNullsRefused?: boolean;
}

/** The keys a deal's answer may give its line items under (`dealLineItems`). */
export const DEAL_LINE_ITEMS_KEYS = ['lineItems', 'products'] as const;
export type DealLineItemsKey = (typeof DEAL_LINE_ITEMS_KEYS)[number];

export type BehaviourName = keyof Behaviours;

/** Every switch with the reference's silence it stands in (for listings and the control route). */
export const BEHAVIOURS: Record<BehaviourName, string> = {
	secondPrecisionTimestamps:
		'createdAt in whole seconds: the reference states no precision (§6.1, §7 examples show .000Z)',
	ignoreOrderDir:
		'v2 lists ignore orderBy/orderDir, oldest first: ordering is shown by example only (§7, §11.1)',
	keyCursors:
		'v2 cursors point after a record, not at a position: what a cursor stands for is not documented (§6.2)',
	referenceListsIgnorePageSize:
		'v2 reference lists answer every record on one page: their parameters are not documented (§11.9, §11.11, §13)',
	flatV2Errors: 'v2 errors flat like v1: the nested form is shown on the errors guide only (§4.2)',
	rateLimitResetUnixTime: 'RateLimit-Reset as a Unix time: its unit is not documented (§5)',
	emptyDeleteAnswers:
		'deletes answer 204 without a body: delete answers are not documented (§18, §15)',
	createdStatus201: 'creates answer 201: only 200 is shown (§10, §11)',
	customFieldsAppShape:
		"custom-field definitions in the app's words: no shape is documented (§11.12, §9.1)",
	v1NumberedPages: 'v1 lists page by pageNo/pageSize only: §6.1 versions B and C (§17.1)',
	strictReferenceLists:
		'v2 reference lists (tags, pipelines, products, users, client stages, sources) refuse every query parameter but cursor and pageSize: the reference lists none (§11.7, §11.9–§11.11, §13)',
	dealLineItems:
		"'lineItems' or 'products': deal answers give their line items under that key; off, none: the deal response lists no line-item field (§11.3)",
	leadSearchIgnoresEmail:
		'v2 search on /leads ignores e-mail addresses: §7 lists no searched fields for leads',
	contactSearchIgnoresEmail:
		'v2 search on /contacts ignores e-mail addresses: §7 shows search=jane%40example.com without its answer',
	companySearchIgnoresWebsite:
		'v2 search on /companies ignores websites: §7 lists no searched fields for companies',
	companySearchIgnoresName:
		'v2 search on /companies ignores names: §7 lists no searched fields for companies',
	companySearchIgnoresEmail:
		'v2 search on /companies ignores e-mail addresses: §7 lists no searched fields for companies',
	lineItemNullsRefused:
		'a line item member sent as null is refused, while answers give unset members as null: no line member is marked nullable (§11.3, §11.4)',
};

/** The switches that take a value instead of true/false, with the values they take. */
const VALUED: Partial<Record<BehaviourName, readonly string[]>> = {
	dealLineItems: DEAL_LINE_ITEMS_KEYS,
};

/** Checks a control route's body: only known switches, each a boolean or one of its values. */
export function parseBehaviours(body: unknown): Behaviours {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		throw new Error('behaviours: send an object of switches, like {"ignoreOrderDir": true}');
	const result: Behaviours = {};
	for (const [name, value] of Object.entries(body)) {
		if (!(name in BEHAVIOURS))
			throw new Error(
				`behaviours: no switch '${name}' (known: ${Object.keys(BEHAVIOURS).join(', ')})`,
			);
		const values = VALUED[name as BehaviourName];
		if (values && !values.includes(value as string))
			throw new Error(`behaviours.${name}: must be one of ${values.join(', ')}`);
		if (!values && typeof value !== 'boolean')
			throw new Error(`behaviours.${name}: must be true or false`);
		Object.assign(result, { [name]: value });
	}
	return result;
}

/** The record keys a list's `search` does not look at under these behaviours (leads, contacts, companies). */
export function searchIgnores(kind: string, behaviours: Behaviours): string[] {
	const ignores: Array<[string, boolean | undefined, string]> = [
		['leads', behaviours.leadSearchIgnoresEmail, 'email'],
		['contacts', behaviours.contactSearchIgnoresEmail, 'email'],
		['clients', behaviours.companySearchIgnoresWebsite, 'website'],
		['clients', behaviours.companySearchIgnoresName, 'name'],
		['clients', behaviours.companySearchIgnoresEmail, 'email'],
	];
	return ignores.filter(([of, on]) => of === kind && on).map(([, , key]) => key);
}

/** A timestamp as the sandbox writes it under these behaviours. */
export function stamp(behaviours: Behaviours, ms: number = Date.now()): string {
	const at = behaviours.secondPrecisionTimestamps ? Math.floor(ms / 1000) * 1000 : ms;
	return new Date(at).toISOString();
}

// Issue 29 (Tag → Get Many): the v2 lists whose parameters the reference does not list.

/** The lists `strictReferenceLists` covers, with the section that names each without parameters. */
export const REFERENCE_LISTS: Readonly<Record<string, string>> = {
	tags: '§11.9',
	pipelines: '§11.7',
	products: '§11.10',
	users: '§13',
	'client-stages': '§11.11',
	sources: '§11.11',
};

/** Under `strictReferenceLists`: a v2 reference list asked with a parameter the reference does not list is refused. */
export function refuseUnlistedQuery(
	behaviours: Behaviours,
	call: { method: string; segments: string[]; query: URLSearchParams },
): void {
	const section = REFERENCE_LISTS[call.segments[0]];
	if (!behaviours.strictReferenceLists || call.method !== 'GET' || call.segments.length !== 1)
		return;
	if (section)
		ApiError.onlyParameters(call.query, ['cursor', 'pageSize'], `${section} lists none; paging`);
}
