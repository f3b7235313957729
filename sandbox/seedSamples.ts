/**
 * What the seed draws from: the sample names (people, companies, cities, products), the
 * helpers that draw a date, a person or a slug from the seed's PRNG, and the one handle every
 * part of the seed writes through.
 */
import type { Rand } from './random';
import { intBetween, pick } from './random';
import type { Store } from './store';
import type { JsonObject, WorkspaceId } from './types';

/** One workspace being seeded: its PRNG, IDs drawn from it, and the store to insert into. */
export interface Seeding {
	workspace: WorkspaceId;
	rand: Rand;
	id: (prefix: string) => string;
	insert: (kind: Parameters<Store['insert']>[1], record: JsonObject) => JsonObject;
}

const FIRST = [
	'Ada',
	'Grace',
	'Alan',
	'Katherine',
	'Linus',
	'Margaret',
	'Dennis',
	'Barbara',
	'Ken',
	'Radia',
	'Tim',
	'Frances',
	'Edsger',
	'Hedy',
	'John',
	'Mary',
];
const LAST = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Johnson',
	'Torvalds',
	'Hamilton',
	'Ritchie',
	'Liskov',
	'Thompson',
	'Perlman',
	'Berners-Lee',
	'Allen',
	'Dijkstra',
	'Lamarr',
	'Backus',
	'Jackson',
];
export const COMPANIES = [
	'Analytical Engines',
	'Northwind Traders',
	'Globex',
	'Initech',
	'Umbrella Logistics',
	'Stark Fabrication',
	'Wayne Foods',
	'Acme Tools',
	'Hooli Cloud',
	'Vandelay Imports',
];
export const CITIES = [
	['Dubai', 'AE'],
	['London', 'GB'],
	['Berlin', 'DE'],
	['Mumbai', 'IN'],
	['Austin', 'US'],
	['Riyadh', 'SA'],
];
export const PRODUCTS = [
	'Website Audit',
	'SEO Retainer',
	'CRM Setup',
	'Annual Support',
	'Design Sprint',
	'Cloud Hosting',
	'Training Day',
	'Data Migration',
	'Security Review',
	'Mobile App',
	'Consulting Hour',
	'Content Pack',
];

export const iso = (rand: Rand) =>
	new Date(
		Date.UTC(
			2026,
			intBetween(rand, 0, 9),
			intBetween(rand, 1, 28),
			intBetween(rand, 6, 20),
			intBetween(rand, 0, 59),
		),
	).toISOString();
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

export function person(rand: Rand, index: number) {
	const first = FIRST[index % FIRST.length];
	const last = pick(rand, LAST);
	const company = pick(rand, COMPANIES);
	return {
		first,
		last,
		name: `${first} ${last}`,
		company,
		email: `${slug(first)}.${slug(last)}${index}@${slug(company)}.example`,
	};
}
