// @ts-check
// Plain Node, no import: the harness (n8n-core) and the workflows real n8n imports
// (n8n-workflows.mjs) both build the credential here.

/**
 * The Heffl API credential's values that point the nodes at a Heffl (the sandbox: its key
 * and base URLs).
 * @param {{ apiKey: string, urls: { v1: string, v2: string } }} heffl
 * @returns {{ apiKey: string, v1BaseUrl: string, v2BaseUrl: string }}
 */
export function hefflCredentialData({ apiKey, urls }) {
	return { apiKey, v1BaseUrl: urls.v1, v2BaseUrl: urls.v2 };
}
