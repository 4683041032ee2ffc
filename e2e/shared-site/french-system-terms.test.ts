import { pagePath } from '@cfp/shared';
import { describe, expect, inject, it } from 'vitest';

/**
 * The French system's diplomas and school levels on the English site (issue 46, item 2): an English
 * page that names one gives its English name or Anglophone equivalent, or links to the page that
 * explains them all (/en/diplomas-and-levels), which gives every one.
 */

/** Each French-system term, and what says it to an Anglophone reader; null where only the explanation does. */
const terms: Array<{ term: string; used: RegExp; english: RegExp | null }> = [
  { term: 'DQP', used: /\bDQP\b|Diplôme de Qualification Professionnelle/, english: /Professional Qualification Diploma/ },
  { term: 'CQP', used: /\bCQP\b|Certificat de Qualification Professionnelle/, english: /Professional Qualification Certificate/ },
  { term: 'Attestation de formation', used: /Attestation de formation/i, english: /centre certificate/i },
  { term: 'CEP', used: /\bCEP\b/, english: /\bFSLC\b/ },
  { term: 'BEPC', used: /\bBEPC\b/, english: /GCE O Level/ },
  { term: 'CAP', used: /\bCAP\b/, english: null },
  { term: 'Probatoire', used: /\bProbatoire\b/, english: /Lower Sixth/ },
  { term: 'Baccalauréat', used: /\bBaccalauréat\b|\bBac\b/, english: /GCE A Level/ },
  { term: 'BTS', used: /\bBTS\b/, english: /\bHND\b/ },
];

const explanation = pagePath('en', 'diplomas');

/** What a reader sees of a page's main content: its text, without scripts, styles or tags. */
function mainText(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  return main
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Whether a page's main content links to the explanation page. */
const linksToExplanation = (html: string) =>
  new RegExp(`<a\\b[^>]*href="(?:https?://[^/"]+)?${explanation}(?:#[^"]*)?"`).test(
    /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? html,
  );

/** The terms a page names without saying them in English nor linking to their explanation. */
function unexplainedTerms(html: string): string[] {
  const text = mainText(html);
  if (linksToExplanation(html)) return [];
  return terms.filter(({ used, english }) => used.test(text) && !(english?.test(text) ?? false)).map(({ term }) => term);
}

describe('the French system’s diplomas and levels on the English site', () => {
  const site = inject('sharedSite');
  const html = async (path: string) => (await fetch(`${site.url}${path}`)).text();

  it('are each explained on the English explanation page, with their Anglophone equivalent', async () => {
    const text = mainText(await html(explanation));
    for (const { term, used, english } of terms) {
      expect(used.test(text), term).toBe(true);
      if (english) expect(english.test(text), term).toBe(true);
    }
  });

  it('are, on every English page that names one, said in English or linked to their explanation', async () => {
    const sitemap = await html('/sitemap.xml');
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/en[^<]*)<\/loc>/g)].map(([, path]) => path ?? '');
    // The pre-enrolment form is no page of the sitemap, but asks for the student's level.
    const visited = [...new Set([...pages, pagePath('en', 'preEnrolment')])].filter((path) => path !== explanation);
    expect(visited.length).toBeGreaterThan(50);
    const problems: string[] = [];
    const naming: string[] = [];
    for (const path of visited) {
      const page = await html(path);
      if (terms.some(({ used }) => used.test(mainText(page)))) naming.push(path);
      const unexplained = unexplainedTerms(page);
      if (unexplained.length > 0) problems.push(`${path}: ${unexplained.join(', ')}`);
    }
    expect(problems).toEqual([]);
    // The pages a student reads to choose: each names a level or a diploma, so each links to the explanation.
    for (const path of [
      pagePath('en', 'programmes'),
      '/en/programmes/welding',
      pagePath('en', 'faq'),
      pagePath('en', 'preEnrolment'),
    ]) {
      expect(naming, path).toContain(path);
      expect(linksToExplanation(await html(path)), path).toBe(true);
    }
  });
});
