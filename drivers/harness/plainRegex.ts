/**
 * The harness runs patterns with the plain RegExp engine. n8n 2.41 runs a resource
 * locator's `regex` in a `vm` with a 250 ms watchdog before every execution (its
 * safe-regex.ts); a test process starved by a loaded 2-core machine missed it ("Regular
 * expression execution timed out"), which measures n8n's watchdog, not this package. The
 * pickers' own pattern is linear (test/node/locators.test.ts); real n8n keeps its watchdog
 * (docs/development.md). n8n-workflow offers this switch to hosts: the harness is one.
 */
import { setSafeRegexEngine } from 'n8n-workflow';

const plainRegex = (pattern: string, flags?: string) => new RegExp(pattern, flags);
const withGlobal = (flags?: string) => (flags?.includes('g') ? flags : `${flags ?? ''}g`);
setSafeRegexEngine({
	exec: (pattern, input, flags) => plainRegex(pattern, flags).exec(input),
	test: (pattern, input, flags) => plainRegex(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(plainRegex(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => [...input.matchAll(plainRegex(pattern, withGlobal(flags)))],
	split: (pattern, input, flags) => input.split(plainRegex(pattern, flags)),
});
