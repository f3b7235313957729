/**
 * What every family of attack shares: the shape of a scenario and its outcome, the
 * node parameters the attacks run, and the scaffolding that starts the misbehaving
 * servers, shortens the transport's limits and checks how an item failed.
 */
import type { INodeParameters } from 'n8n-workflow';
import { expect } from 'vitest';

import { transportLimits } from '../../../nodes/shared/transport';
import type { Handler, Listener } from '../servers';
import { attackKey, json, listen } from '../servers';

export interface Outcome {
	/** Requests carrying the API key that reached a listener other than the base URL's. */
	keySeenByOtherHost: number;
	/** Requests the misbehaving base URL received. */
	requests: number;
}

export interface Scenario {
	/** The finding of issue 13 it reproduces (1-9). */
	item: number;
	name: string;
	/** No run of the scenario may take longer. */
	capMs: number;
	run(): Promise<Outcome>;
}

// Leads: an API v1 resource ({items, nextCursor, hasMore}, §6.1); the v2 attacks use
// companies and contacts ({data, meta}).
export const leads = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'lead',
	operation: 'getAll',
	returnAll: true,
	...extra,
});
export const createLead: INodeParameters = {
	resource: 'lead',
	operation: 'create',
	name: 'Attack',
};
export const getLead: INodeParameters = {
	resource: 'lead',
	operation: 'get',
	leadId: { __rl: true, mode: 'id', value: 'ld_attack' },
};
export const lead = (n: number) => ({ id: `ld_${n}`, name: `Lead ${n}` });

/** Starts the servers, runs `body`, closes everything, and counts the key on the other hosts. */
export async function withServers(
	handler: Handler,
	body: (base: Listener, key: string) => Promise<Listener[] | void>,
): Promise<Outcome> {
	const base = await listen(handler);
	const key = attackKey();
	let others: Listener[] = [];
	try {
		others = (await body(base, key)) ?? [];
		return {
			keySeenByOtherHost: others.reduce((count, other) => count + other.sawKey(key), 0),
			requests: base.requests.length,
		};
	} finally {
		await Promise.all([base, ...others].map((listener) => listener.close()));
	}
}

/** Answers 200 with an empty v1 list to anything. */
export const emptyList: Handler = (_request, response) => json(response, 200, { items: [] });

/** A second origin (another port) that answers 200 to anything, as a thief would. */
export const thief = async () => await listen(emptyList);

export function expectFailure(
	result: { error?: Error & { description?: string } },
	message: RegExp,
	description?: RegExp,
) {
	expect(result.error, 'the item should fail').toBeDefined();
	expect(result.error?.name).not.toBe('TypeError');
	expect(result.error?.message).toMatch(message);
	if (description) expect(result.error?.description).toMatch(description);
}

/** Runs `fn` with the transport's limits shortened, restoring them after. */
export async function withLimits<T>(limits: Partial<typeof transportLimits>, fn: () => Promise<T>) {
	const saved = { ...transportLimits };
	Object.assign(transportLimits, limits);
	try {
		return await fn();
	} finally {
		Object.assign(transportLimits, saved);
	}
}
