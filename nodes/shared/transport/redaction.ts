/** Secrets never leave in an error: the API key and any webhook signing secret are cut out. */

const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/=_-]*/g;

function redactText(text: string, apiKey: string | undefined): string {
	const withoutKey = apiKey ? text.split(apiKey).join('[redacted API key]') : text;
	return withoutKey.replace(WEBHOOK_SECRET, 'whsec_[redacted]');
}

/** Replaces the API key and any webhook secret in every string reachable from `value`, in place. */
function redactDeep(value: unknown, apiKey: string | undefined, seen: Set<object>): unknown {
	if (typeof value === 'string') return redactText(value, apiKey);
	if (typeof value !== 'object' || value === null || seen.has(value) || seen.size > 1000) {
		return value;
	}
	seen.add(value);
	const bag = value as Record<string, unknown>;
	for (const key of Object.keys(bag)) {
		if (key === 'node') continue;
		bag[key] = redactDeep(bag[key], apiKey, seen);
	}
	return value;
}

/** The error with secrets removed from its message, description, messages, context and cause. */
export function redactError(error: unknown, apiKey: string | undefined): unknown {
	if (typeof error !== 'object' || error === null) return error;
	const parts = error as Record<string, unknown>;
	const seen = new Set<object>();
	for (const key of ['message', 'description', 'messages', 'context', 'cause', 'errorResponse']) {
		if (parts[key] !== undefined) parts[key] = redactDeep(parts[key], apiKey, seen);
	}
	if (typeof parts.stack === 'string') parts.stack = redactText(parts.stack, apiKey);
	return error;
}
