/**
 * Where the API key may go: https, or plain http to this machine (the local sandbox),
 * and only to the origins of the credential's base URLs.
 */

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.test(hostname);
}

/**
 * Why `url` may not be used as an https endpoint, or undefined when it may.
 * Plain http is accepted for loopback hosts only (the local sandbox).
 */
export function httpsProblem(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `'${url}' is not a valid URL`;
	}
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined;
	return `'${url}' must use https:// (plain http is accepted only for localhost, 127.x.x.x and [::1])`;
}

/** A base URL as the credential stores it, without surrounding spaces or trailing slashes. */
export function normalizeBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** `url` resolved against `baseURL` the way axios joins them (absolute URLs win). */
export function joinUrl(baseURL: string | undefined, url: string | undefined): string {
	const path = url ?? '';
	if (/^[a-z][a-z\d+.-]*:\/\//i.test(path) || !baseURL) return path;
	return path ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : baseURL;
}

export function originOf(url: string): string | undefined {
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}
