/* eslint-disable @n8n/community-nodes/no-restricted-imports -- maintainer's tooling, not shipped */
/**
 * Imported first by the command: n8n names a node's code `X.node.ts` beside its codex
 * `X.node.json`, and Node's require resolution (which tsx keeps for CommonJS) tries `.json`
 * before `.ts`, so `import { Heffl } from './Heffl.node'` would load the codex. This makes
 * such an import find the code, as the compiled package (`X.node.js`) and vitest do.
 */
import { existsSync } from 'node:fs';
import Module from 'node:module';
import { dirname, resolve } from 'node:path';

type Resolve = (
	request: string,
	parent?: { filename?: string | null },
	...rest: unknown[]
) => string;

const loader = Module as unknown as { _resolveFilename: Resolve };
const original = loader._resolveFilename;
loader._resolveFilename = function (request, parent, ...rest) {
	if (request.startsWith('.') && request.endsWith('.node') && parent?.filename) {
		const code = resolve(dirname(parent.filename), `${request}.ts`);
		if (existsSync(code)) return code;
	}
	return original.call(this, request, parent, ...rest);
};
