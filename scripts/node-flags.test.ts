import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

it('starts the API with the heap of api/package.json’s nodeFlags everywhere it is started for real', () => {
  const flags = (JSON.parse(read('api/package.json')) as { nodeFlags: string[] }).nodeFlags;
  expect(flags).toEqual([
    expect.stringMatching(/^--min-semi-space-size=\d+$/),
    expect.stringMatching(/^--max-semi-space-size=\d+$/),
    expect.stringMatching(/^--max-old-space-size=\d+$/),
  ]);
  const rootStart = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
  const apiStart = (JSON.parse(read('api/package.json')) as { scripts: Record<string, string> }).scripts.start;
  expect(rootStart).toContain(`node ${flags.join(' ')} api/src/server.ts`);
  expect(apiStart).toBe(`node ${flags.join(' ')} src/server.ts`);
  expect(read('Dockerfile')).toContain(`CMD ${JSON.stringify(['node', ...flags, 'api/src/server.ts'])}`);
});
