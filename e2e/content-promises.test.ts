import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPromises, type PromisedDetail } from '@cfp/content';
import { astroBuild } from '@cfp/test-support/astro-build';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repositoryContent = fileURLToPath(new URL('../content/', import.meta.url));
const scratch: string[] = [];

const filled = {
  // Not 6 99 00 00 00: the pre-enrolment form prints that one as the example of how to type a number.
  phone: { number: '+237699123400', display: '6 99 12 34 00' },
  whatsapp: { number: '+237677000001', display: '6 77 00 00 01' },
  email: 'contact@centre-nkoabang.cm',
  mapUrl: 'https://maps.example.org/?q=centre-nkoabang',
  approval: '0042/MINEFOP/SG/DFOP',
  // Two of the six networks: the others stay to be given.
  facebook: 'https://www.facebook.com/centre.nkoabang',
  instagram: 'https://www.instagram.com/centre.nkoabang',
};

/** Builds the site from `contentDir` (no blog) and returns every page's HTML by path. */
async function buildPages(contentDir: string): Promise<Map<string, string>> {
  const build = await astroBuild({ SITE_CONTENT_DIR: contentDir, SITE_BLOG: 'off' });
  try {
    if (build.status !== 0) throw new Error(`astro build failed:\n${build.output}`);
    const pages = new Map<string, string>();
    for (const file of readdirSync(build.outDir, { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.html'))
        pages.set(`/${file.replace(/\.html$/, '')}`, readFileSync(path.join(build.outDir, file), 'utf8'));
    }
    return pages;
  } finally {
    build.remove();
  }
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

/** Soudure's duration in the repository's content, and the one the scratch copy gives it, in another bucket of the finder. */
const soudureMonths = { written: 9, changed: 18 };

/** What a programme page says of its duration: the fact under its title and the line of its facts. */
function durationOnPage(page: string): string[] {
  const heroFact = /class="hero-facts"[^>]*>\s*<li[^>]*>([\s\S]*?)<\/li>/.exec(page)?.[1] ?? '';
  const factsLine = /<dt[^>]*>Durée<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/.exec(page)?.[1] ?? '';
  return [heroFact, factsLine].map((html) => visibleText(html).trim());
}

/** A programme in the finder of /formations: the duration its card says, its months and the duration filter that lists it. */
function finderFiling(finder: string, slug: string) {
  const item = new RegExp(
    `<li[^>]*data-months="(\\d+)"[^>]*>(?:(?!<li[^>]*data-programme)[\\s\\S])*?href="/formation/${slug}"[\\s\\S]*?</article>`,
  ).exec(finder);
  const months = Number(item?.[1]);
  const options = finder.matchAll(/<option[^>]*data-min="(\d+)"[^>]*data-max="(\d+)"[^>]*>\s*([^<]*?)\s*<\/option>/g);
  const bucket = [...options].find(([, min, max]) => months >= Number(min) && months <= Number(max))?.[3];
  return { card: /\d+ mois/.exec(visibleText(item?.[0] ?? ''))?.[0], months, bucket };
}

/** The duration a programme page gives search engines (schema.org Course). */
function structuredDuration(page: string): Array<string | undefined> {
  const course = [...page.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map(
      ([, json]) =>
        JSON.parse(json ?? '{}') as { '@type'?: string; timeRequired?: string; hasCourseInstance?: { courseWorkload?: string } },
    )
    .find((data) => data['@type'] === 'Course');
  return [course?.timeRequired, course?.hasCourseInstance?.courseWorkload];
}

/** Soudure's duration wherever the pages say or use it (texts as visibleText gives them, spaces collapsed). */
const soudureDuration = (pages: Map<string, string>) => ({
  page: durationOnPage(pages.get('/formation/soudure') ?? ''),
  finder: finderFiling(pages.get('/formations') ?? '', 'soudure'),
  structuredData: structuredDuration(pages.get('/formation/soudure') ?? ''),
});

function unkeptPromises(pages: Map<string, string>) {
  return [...pages].flatMap(([page, html]) =>
    findPromises(visibleText(html))
      .filter(({ detail }) => !linkOf[detail].test(html))
      .map(({ detail, phrase }) => `${page}: « ${phrase} » promises the ${detail}, which the page does not give`),
  );
}

describe('what the pages promise about reaching the centre, and a programme’s duration written once', () => {
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
        .replace(/(approval:[\s\S]*?number: )"[^"]*"/, `$1"${filled.approval}"`)
        .replace(/^( {2}facebook: ).*$/m, `$1"${filled.facebook}"`)
        .replace(/^( {2}instagram: ).*$/m, `$1"${filled.instagram}"`);
    writeFileSync(centre, fill(readFileSync(centre, 'utf8')));
    const soudure = path.join(content, 'formations', 'soudure.md');
    const written = `durationMonths: ${soudureMonths.written}\n`;
    if (!readFileSync(soudure, 'utf8').includes(written)) throw new Error(`soudure.md no longer says ${written}`);
    writeFileSync(soudure, readFileSync(soudure, 'utf8').replace(written, `durationMonths: ${soudureMonths.changed}\n`));
    [today, complete] = await Promise.all([buildPages(repositoryContent), buildPages(content)]);
  }, scaled(300_000));

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

  it('shows in every page’s footer the social networks the centre has given, and only those', () => {
    const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    for (const [page, html] of complete) {
      if (!html.includes('<footer')) continue;
      const links = [...footerOf(html).matchAll(/class="site-footer__social"[\s\S]*?<\/ul>/g)].flatMap(([list]) =>
        [...list.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, label]) => `${label} ${href}`),
      );
      expect([page, links]).toEqual([page, [`Facebook ${filled.facebook}`, `Instagram ${filled.instagram}`]]);
    }
    for (const [page, html] of today) expect([page, html.includes('class="site-footer__social"')]).toEqual([page, false]);
  });

  it('a programme’s duration written once: its page, its card, its filing in the finder and its structured data change together', () => {
    expect(soudureDuration(today)).toEqual({
      page: ['9 mois', expect.stringMatching(/^9 mois, dont 80/)],
      finder: { card: '9 mois', months: 9, bucket: 'De 7 à 12 mois' },
      structuredData: ['P9M', 'P9M'],
    });
    expect(soudureDuration(complete)).toEqual({
      page: ['18 mois', expect.stringMatching(/^18 mois, dont 80/)],
      finder: { card: '18 mois', months: 18, bucket: 'Plus de 12 mois' },
      structuredData: ['P18M', 'P18M'],
    });
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
