/**
 * Randomness: a seeded PRNG for deterministic seed data and fault rates, and
 * crypto-strong values for IDs, API keys and signing secrets made at run time.
 */
import { randomBytes, randomInt } from 'node:crypto';

export type Rand = () => number;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** mulberry32: small, fast, good enough for sample data; same seed, same sequence. */
export function prng(seed: number): Rand {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const cryptoRand: Rand = () => randomInt(0, 2 ** 47) / 2 ** 47;

export function base62(length: number, rand: Rand = cryptoRand): string {
	let out = '';
	for (let i = 0; i < length; i++) out += BASE62[Math.floor(rand() * 62)];
	return out;
}

/** `prefix` + 20 base62 characters, like Heffl's public IDs. */
export function newId(prefix: string, rand?: Rand): string {
	return prefix + base62(20, rand);
}

export function newApiKey(): string {
	return `hk_test_${base62(32)}`;
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
	return `whsec_${randomBytes(32).toString('base64')}`;
}

export function pick<T>(rand: Rand, values: readonly T[]): T {
	return values[Math.floor(rand() * values.length)];
}

export function chance(rand: Rand, probability: number): boolean {
	return rand() < probability;
}

export function intBetween(rand: Rand, min: number, max: number): number {
	return min + Math.floor(rand() * (max - min + 1));
}
