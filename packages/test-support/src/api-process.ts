import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thisWorkspace = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The V8 flags the API runs with (its heap sized for a small server, docs/decisions/0022),
 * written once in api/package.json's `nodeFlags`: the start scripts and the image's command
 * carry the same (scripts/node-flags.test.ts), and the tests and benchmarks start it with them.
 * `workspace`: another checkout's root, whose API is started with its own flags (`bench:compare`).
 */
export function apiNodeFlags(workspace = thisWorkspace): string[] {
  const { nodeFlags } = JSON.parse(readFileSync(path.join(workspace, 'api/package.json'), 'utf8')) as { nodeFlags?: string[] };
  // A checkout from before docs/decisions/0022 started the API with V8's defaults.
  return nodeFlags ?? [];
}
