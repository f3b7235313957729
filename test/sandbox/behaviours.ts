/**
 * Switchable behaviours: where heffl-reference.md is silent, the sandbox follows one
 * reading by default and can be switched to another a real Heffl might show, so a test
 * (or the conformance kit) can prove the package survives, adapts to, or names it.
 * Each switch cites the silence it stands in. Off by default; set with the sandbox
 * option `behaviours`, `setBehaviours()` or `POST /__sandbox/behaviours` (replaces all).
 */

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
}

export type BehaviourName = keyof Behaviours;

/** Every switch with the reference's silence it stands in (for listings and the control route). */
export const BEHAVIOURS: Record<BehaviourName, string> = {
	secondPrecisionTimestamps:
		'createdAt in whole seconds: the reference states no precision (§6.1, §7 examples show .000Z)',
	ignoreOrderDir:
		'v2 lists ignore orderBy/orderDir, oldest first: ordering is shown by example only (§7, §11.1)',
};

/** Checks a control route's body: only known switches, each a boolean. */
export function parseBehaviours(body: unknown): Behaviours {
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		throw new Error('behaviours: send an object of switches, like {"ignoreOrderDir": true}');
	const result: Behaviours = {};
	for (const [name, value] of Object.entries(body)) {
		if (!(name in BEHAVIOURS))
			throw new Error(
				`behaviours: no switch '${name}' (known: ${Object.keys(BEHAVIOURS).join(', ')})`,
			);
		if (typeof value !== 'boolean') throw new Error(`behaviours.${name}: must be true or false`);
		result[name as BehaviourName] = value;
	}
	return result;
}

/** A timestamp as the sandbox writes it under these behaviours. */
export function stamp(behaviours: Behaviours, ms: number = Date.now()): string {
	const at = behaviours.secondPrecisionTimestamps ? Math.floor(ms / 1000) * 1000 : ms;
	return new Date(at).toISOString();
}
