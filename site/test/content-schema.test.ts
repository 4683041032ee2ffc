import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The content schemas (src/content.config.ts) as an editor meets them: `astro sync` on a
 * copy of content/ with one file broken must fail, naming the file and the field.
 */

const site = fileURLToPath(new URL('..', import.meta.url));
const content = fileURLToPath(new URL('../../content', import.meta.url));

async function edit(file: string, from: RegExp | string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${file} does not contain ${from}: update this test`);
  await writeFile(file, changed);
}

/** Each case's change to its copy of content/. */
const cases = {
  'as it is': async () => {},
  'a missing field': (contentCopy: string) => edit(join(contentCopy, 'formations', 'soudure.md'), /^durationMonths: .*\n/m, ''),
  'an unknown department': (contentCopy: string) =>
    edit(join(contentCopy, 'formations', 'soudure.md'), /^department: .*$/m, 'department: industrie'),
  'two files with the same slug': (contentCopy: string) =>
    cp(join(contentCopy, 'formations', 'soudure.md'), join(contentCopy, 'formations', 'Soudure.md')),
  "a legacy slug that is another programme's slug": (contentCopy: string) =>
    edit(join(contentCopy, 'formations', 'chaudronnerie.md'), /^order: (.*)$/m, 'order: $1\nlegacySlugs: [soudure]'),
} satisfies Record<string, (contentCopy: string) => Promise<void>>;
type Case = keyof typeof cases;

let root: string;
const results = new Map<Case, { code: number; output: string }>();

/**
 * A throw-away project: a copy of content/ beside a copy of the site's sources and config,
 * whose node_modules links each package of the real one. Astro writes its caches
 * (.astro/, node_modules/.astro, node_modules/.vite) inside the copy, so neither the real
 * files nor a build running in site/ at the same time are touched. Returns its site folder.
 */
async function project(name: Case): Promise<string> {
  const folder = join(root, name.replace(/\W+/g, '-'));
  await cp(content, join(folder, 'content'), { recursive: true });
  await cases[name](join(folder, 'content'));
  for (const entry of ['src', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    await cp(join(site, entry), join(folder, 'site', entry), { recursive: true });
  }
  await mkdir(join(folder, 'site', 'node_modules'));
  for (const entry of await readdir(join(site, 'node_modules'))) {
    if (entry === '.astro' || entry === '.vite') continue;
    await symlink(join(site, 'node_modules', entry), join(folder, 'site', 'node_modules', entry));
  }
  return join(folder, 'site');
}

const outcome = /^=== astro sync exited with (\d+) ===$/m;

/**
 * `astro sync` on each project, one after the other, in one Node process: Astro's `sync()`
 * (what the command runs) and its dependencies load once instead of once per case. Each
 * project's log is followed by its error, printed as the command prints it, and its outcome.
 * A failed sync leaves the other collections' loaders running: exiting at the end stops them.
 */
const syncEach = `
import { sync } from 'astro';
process.stderr.write = process.stdout.write.bind(process.stdout);
for (const root of process.argv.slice(1)) {
  let code = 0;
  try {
    await sync({ root });
  } catch (error) {
    code = 1;
    console.log(\`[\${error.name}] \${error.message}\\n  Location: \${error.loc?.file ?? ''}\`);
  }
  console.log(\`=== astro sync exited with \${code} ===\`);
}
process.exit(0);
`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cfp-content-'));
  const names = Object.keys(cases) as Case[];
  const sites: string[] = [];
  for (const name of names) sites.push(await project(name));

  // No API: the blog loader then builds an empty blog instead of fetching posts.
  const env = { ...process.env, SITE_API_URL: '', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', syncEach, ...sites],
      { cwd: sites[0], env, timeout: scaled(150_000), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
  });
  const parts = stripVTControlCharacters(stdout).split(outcome);
  for (const [index, name] of names.entries()) {
    const [output, code] = [parts[index * 2], parts[index * 2 + 1]];
    if (output === undefined || code === undefined) throw new Error(`no outcome for ${name}:\n${stdout}`);
    results.set(name, { code: Number(code), output });
  }
}, scaled(160_000));

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function astroSync(name: Case): { code: number; output: string } {
  const result = results.get(name);
  if (!result) throw new Error(`astro sync did not run on ${name}`);
  return result;
}

describe('content schemas (astro sync)', () => {
  it('accepts the content as it is', () => {
    const { code, output } = astroSync('as it is');
    expect(output).toContain('Synced content');
    expect(code, output).toBe(0);
  });

  it('fails on a missing field, naming the file and the field', () => {
    const { code, output } = astroSync('a missing field');
    expect(code, output).not.toBe(0);
    expect(output).toContain('content/formations/soudure.md');
    expect(output).toMatch(/\bdurationMonths\b.*Required/);
  });

  it('fails on an unknown department, naming the file and the field', () => {
    const { code, output } = astroSync('an unknown department');
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/content\/formations\/soudure\.md \(department\)\s: département inconnu «\sindustrie\s»/);
  });

  it('fails on two files giving the same slug, naming both files', () => {
    const { code, output } = astroSync('two files with the same slug');
    expect(code, output).not.toBe(0);
    expect(output).toMatch(
      /content\/formations\/soudure\.md \(slug\)\s: même adresse «\ssoudure\s» que content\/formations\/Soudure\.md/,
    );
  });

  it("fails on a legacy slug that is another programme's slug, naming both files", () => {
    const { code, output } = astroSync("a legacy slug that is another programme's slug");
    expect(code, output).not.toBe(0);
    expect(output).toMatch(
      /content\/formations\/chaudronnerie\.md \(legacySlugs\)\s: «\ssoudure\s» est l’adresse de content\/formations\/soudure\.md\./,
    );
  });
});
