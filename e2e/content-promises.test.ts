import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPromises, type PromisedDetail } from '@cfp/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const siteDir = fileURLToPath(new URL('../site/', import.meta.url));
const repositoryContent = fileURLToPath(new URL('../content/', import.meta.url));
const astro = path.join(siteDir, 'node_modules', 'astro', 'bin', 'astro.mjs');
const scratch: string[] = [];

const filled = {
  // Not 6 99 00 00 00: the pre-enrolment form prints that one as the example of how to type a number.
  phone: { number: '+237699123400', display: '6 99 12 34 00' },
  whatsapp: { number: '+237677000001', display: '6 77 00 00 01' },
  email: 'contact@centre-nkoabang.cm',
  mapUrl: 'https://maps.example.org/?q=centre-nkoabang',
  approval: '0042/MINEFOP/SG/DFOP',
};

/** Builds the site from `contentDir` (no blog) and returns every page's HTML by path. */
async function buildPages(contentDir: string): Promise<Map<string, string>> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cfp-promises-'));
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'cfp-promises-cache-'));
  scratch.push(outDir, cacheDir);
  const child = spawn(process.execPath, [astro, 'build', '--silent'], {
    cwd: siteDir,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      SITE_OUT_DIR: outDir,
      SITE_CONTENT_DIR: contentDir,
      SITE_BLOG: 'off',
      SITE_CACHE_DIR: cacheDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (status !== 0) throw new Error(`astro build failed:\n${output}`);
  const pages = new Map<string, string>();
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.html')) pages.set(`/${file.replace(/\.html$/, '')}`, readFileSync(path.join(outDir, file), 'utf8'));
  }
  return pages;
}

const visibleText = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, '\u00a0')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The link a page must carry for each detail a sentence of it promises. */
const linkOf: Record<PromisedDetail, RegExp> = {
  phone: /href="tel:\+?\d{8,}"/,
  whatsapp: /href="https:\/\/wa\.me\/\d{8,}/,
  email: /href="mailto:[^"@]+@[^"]+"/,
  map: /href="https:\/\/maps\.example\.org\//,
  approval: new RegExp(filled.approval.replace(/\//g, '\\/')),
};

function unkeptPromises(pages: Map<string, string>) {
  return [...pages].flatMap(([page, html]) =>
    findPromises(visibleText(html))
      .filter(({ detail }) => !linkOf[detail].test(html))
      .map(({ detail, phrase }) => `${page}: « ${phrase} » promises the ${detail}, which the page does not give`),
  );
}

describe('what the pages promise about reaching the centre', () => {
  let today: Map<string, string>;
  let complete: Map<string, string>;

  beforeAll(async () => {
    const content = mkdtempSync(path.join(tmpdir(), 'cfp-promises-content-'));
    scratch.push(content);
    cpSync(repositoryContent, content, { recursive: true });
    const centre = path.join(content, 'centre.yaml');
    const fill = (source: string) =>
      source
        .replace(/(number: )"\[À COMPLÉTER: numéro de l’accueil[^"]*"/, `$1"${filled.phone.number}"`)
        .replace(/(display: )"\[À COMPLÉTER: numéro de l’accueil[^"]*"/, `$1"${filled.phone.display}"`)
        .replace(/(number: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"/, `$1"${filled.whatsapp.number}"`)
        .replace(/(display: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"/, `$1"${filled.whatsapp.display}"`)
        .replace(/^email: .*$/m, `email: "${filled.email}"`)
        .replace(/^mapUrl: .*$/m, `mapUrl: "${filled.mapUrl}"`)
        .replace(/(approval:[\s\S]*?number: )"[^"]*"/, `$1"${filled.approval}"`);
    writeFileSync(centre, fill(readFileSync(centre, 'utf8')));
    // One after the other: two builds of one site share its .astro folder.
    today = await buildPages(repositoryContent);
    complete = await buildPages(content);
  }, 300_000);

  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('with today’s details, no page promises a phone, WhatsApp, e-mail, map or approval number it cannot give', () => {
    expect(today.size).toBeGreaterThan(50);
    expect(unkeptPromises(today)).toEqual([]);
    for (const html of today.values()) expect(html).not.toContain('À COMPLÉTER');
  });

  it('with the details filled in, every promise comes with its link on the same page', () => {
    expect(unkeptPromises(complete)).toEqual([]);
    const contact = complete.get('/contact') ?? '';
    for (const detail of ['phone', 'whatsapp', 'email', 'map', 'approval'] as const)
      expect(contact, detail).toMatch(linkOf[detail]);
  });

  it('with the details filled in, every phone and WhatsApp number on a page is a link to call or write', () => {
    const unlinked = [...complete].flatMap(([page, html]) => {
      const outsideLinks = visibleText(html.replace(/<a\b[^>]*href="(tel:|https:\/\/wa\.me\/)[^"]*"[^>]*>[\s\S]*?<\/a>/g, ' '));
      return [filled.phone.display, filled.whatsapp.display]
        .filter((display) => outsideLinks.includes(display))
        .map((display) => `${page}: ${display}`);
    });
    expect(unlinked).toEqual([]);
  });
});
