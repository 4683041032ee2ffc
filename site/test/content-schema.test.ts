import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The content schemas (src/content.config.ts) as an editor meets them: `astro sync` on a
 * copy of content/ with one file broken must fail, naming the file and the field.
 */

const site = fileURLToPath(new URL('..', import.meta.url));
const content = fileURLToPath(new URL('../../content', import.meta.url));
const roots: string[] = [];

afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

/**
 * A throw-away project: a copy of content/ beside a copy of the site's sources and config,
 * whose node_modules links each package of the real one. Astro writes its caches
 * (.astro/, node_modules/.astro) inside the copy, so neither the real files nor a build
 * running in site/ at the same time are touched.
 */
async function project(): Promise<{ root: string; content: string }> {
  const root = await mkdtemp(join(tmpdir(), 'cfp-content-'));
  roots.push(root);
  await cp(content, join(root, 'content'), { recursive: true });
  for (const entry of ['src', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    await cp(join(site, entry), join(root, 'site', entry), { recursive: true });
  }
  await mkdir(join(root, 'site', 'node_modules'));
  for (const entry of await readdir(join(site, 'node_modules'))) {
    if (entry === '.astro' || entry === '.vite') continue;
    await symlink(join(site, 'node_modules', entry), join(root, 'site', 'node_modules', entry));
  }
  return { root, content: join(root, 'content') };
}

async function edit(file: string, from: RegExp | string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${file} does not contain ${from}: update this test`);
  await writeFile(file, changed);
}

function astroSync(root: string): Promise<{ code: number; output: string }> {
  const astro = join(root, 'site', 'node_modules', 'astro', 'bin', 'astro.mjs');
  // No API: the blog loader then builds an empty blog instead of fetching posts.
  const env = { ...process.env, SITE_API_URL: '', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  return new Promise((resolve) => {
    execFile(process.execPath, [astro, 'sync'], { cwd: join(root, 'site'), env, timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: stripVTControlCharacters(`${stdout}\n${stderr}`) });
    });
  });
}

describe.concurrent('content schemas (astro sync)', () => {
  it('accepts the content as it is', async () => {
    const { root } = await project();
    const { code, output } = await astroSync(root);
    expect(output).toContain('Synced content');
    expect(code, output).toBe(0);
  });

  it('fails on a missing field, naming the file and the field', async () => {
    const { root, content } = await project();
    await edit(join(content, 'formations', 'soudure.md'), /^durationMonths: .*\n/m, '');
    const { code, output } = await astroSync(root);
    expect(code, output).not.toBe(0);
    expect(output).toContain('content/formations/soudure.md');
    expect(output).toMatch(/\bdurationMonths\b.*Required/);
  });

  it('fails on an unknown department, naming the file and the field', async () => {
    const { root, content } = await project();
    await edit(join(content, 'formations', 'soudure.md'), /^department: .*$/m, 'department: industrie');
    const { code, output } = await astroSync(root);
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/content\/formations\/soudure\.md \(department\)\s: département inconnu «\sindustrie\s»/);
  });

  it('fails on two files giving the same slug, naming both files', async () => {
    const { root, content } = await project();
    await cp(join(content, 'formations', 'soudure.md'), join(content, 'formations', 'Soudure.md'));
    const { code, output } = await astroSync(root);
    expect(code, output).not.toBe(0);
    expect(output).toMatch(
      /content\/formations\/soudure\.md \(slug\)\s: même adresse «\ssoudure\s» que content\/formations\/Soudure\.md/,
    );
  });

  it("fails on a legacy slug that is another programme's slug, naming both files", async () => {
    const { root, content } = await project();
    await edit(join(content, 'formations', 'chaudronnerie.md'), /^order: (.*)$/m, 'order: $1\nlegacySlugs: [soudure]');
    const { code, output } = await astroSync(root);
    expect(code, output).not.toBe(0);
    expect(output).toMatch(
      /content\/formations\/chaudronnerie\.md \(legacySlugs\)\s: «\ssoudure\s» est l’adresse de content\/formations\/soudure\.md\./,
    );
  });
});
