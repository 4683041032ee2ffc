import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

function manifests(): string[] {
  const workspace = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const packagesBlock = workspace.match(/^packages:\n((?: {2}- \S+\n)+)/m)?.[1] ?? '';
  const globs = [...packagesBlock.matchAll(/- (\S+)/g)].map((match) => match[1] as string);
  const dirs = globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(path.join(root, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(glob.slice(0, -2), entry.name))
      : [glob],
  );
  return ['package.json', ...dirs.map((dir) => path.join(dir, 'package.json'))];
}

it('writes the version of every dependency two packages share once, in the pnpm catalog', () => {
  const uses = new Map<string, Array<{ manifest: string; version: string }>>();
  for (const manifest of manifests()) {
    const json = JSON.parse(readFileSync(path.join(root, manifest), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const section of ['dependencies', 'devDependencies', 'peerDependencies']) {
      for (const [name, version] of Object.entries(json[section] ?? {})) {
        uses.set(name, [...(uses.get(name) ?? []), { manifest, version }]);
      }
    }
  }
  const writtenTwice = [...uses]
    .filter(([, where]) => where.length > 1)
    .flatMap(([name, where]) =>
      where
        .filter(({ version }) => version !== 'catalog:' && !version.startsWith('workspace:'))
        .map(({ manifest, version }) => `${manifest}: ${name} ${version}`),
    );
  expect(writtenTwice).toEqual([]);
});
