import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const apiPackage = fileURLToPath(new URL('../../../api/package.json', import.meta.url));

/**
 * The V8 flags the API runs with (its heap sized for a small server, docs/decisions/0022),
 * written once in api/package.json's `nodeFlags`: the start scripts and the image's command
 * carry the same (scripts/node-flags.test.ts), and the tests and benchmarks start it with them.
 */
export function apiNodeFlags(): string[] {
  return (JSON.parse(readFileSync(apiPackage, 'utf8')) as { nodeFlags: string[] }).nodeFlags;
}
