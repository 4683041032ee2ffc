import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteBuildStatus } from '@cfp/shared';
import { apiClient, openSignedIn, pngImage } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { fixtureDepartements, fixtureProgrammes } from '@cfp/test-support/content-fixture';
import { type ContentProduct, saveAndWaitLive, startContentProduct } from '@cfp/test-support/content-product';
import { scratchContentRepository } from '@cfp/test-support/content-repository';
import type { RunningProduct } from '@cfp/test-support/product';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs, waitFor } from '@cfp/test-support/waiting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The site's content going live, on one product run as `pnpm start` runs it, on a scratch git
 * repository holding the content fixture (the embedded default commits to the repository that
 * holds CONTENT_DIR): the staff's saves from the admin, each a git commit, then changes made to
 * the folder itself, as git-sync's pulls make them.
 */
let running: ContentProduct;
let product: RunningProduct;
let browser: Browser;
let token: string;
const repository = scratchContentRepository('cfp-site-content-', { fixture: true });
const { git } = repository;
const file = (name: string) => readFileSync(path.join(repository.contentDir, name), 'utf8');
const pageText = async (pagePath: string) => (await fetch(`${product.url}${pagePath}`)).text();
const until = (what: string, condition: () => Promise<boolean>) =>
  waitFor(condition, publishWaitMs, () => `${what}\n${product.output()}`);

beforeAll(async () => {
  running = await startContentProduct(repository.contentDir, {
    // Not the default (365): the privacy notice must state the period the API purges by.
    APPLICATION_RETENTION_DAYS: '200',
  });
  ({ product, browser, token } = running);
}, scaled(300_000));

afterAll(async () => {
  await running?.stop();
  repository.remove();
});

describe('the privacy notice', () => {
  it('states the retention the API purges pre-enrolments by, in both languages, and every consent box and the footer lead to it', async () => {
    expect(await pageText('/donnees-personnelles')).toContain('200\u00a0jours (environ 7\u00a0mois)');
    expect(await pageText('/en/personal-data')).toContain('200 days (about 7 months)');
    const { page, context, problems } = await openSignedIn(browser, product.url, 'phone', token, 'Direction', '/preinscription');
    const consent = page.locator('input[name="consent"]');
    const note = page.locator(`#${await consent.getAttribute('aria-describedby')}`);
    expect(await note.getByRole('link').getAttribute('href')).toBe('/donnees-personnelles');
    const footer = page.locator('footer.site-footer');
    expect(await footer.getByRole('link', { name: 'Vos données' }).getAttribute('href')).toBe('/donnees-personnelles');
    await footer.getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL('**/mentions-legales');
    await page.getByRole('heading', { name: 'Mentions légales', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('site content edited from the admin', () => {
  const checklistItems = (page: Page) => page.locator('#launch-checklist-title').locator('xpath=ancestor::section').locator('li');

  it(
    'follows “Reception phone” from the launch checklist to its field; a 5-digit phone is refused, 6 99 11 22 33 goes live',
    async () => {
      const { page, context, problems } = await openSignedIn(
        browser,
        product.url,
        'desktop',
        token,
        'Direction',
        '/admin/dashboard',
      );
      await page.getByRole('link', { name: 'Reception phone' }).waitFor();
      const itemsBefore = await checklistItems(page).count();
      // What staff see: the file paths stay in the closed "Technical details" disclosure, which innerText leaves out.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
      expect(await page.locator('#launch-checklist-title').locator('xpath=ancestor::section').innerText()).not.toContain(
        'centre.yaml',
      );
      await keepScreenshot(page, 'launch-checklist-1280');
      await page.getByRole('link', { name: 'Reception phone' }).click();
      await page.waitForURL('**/admin/content/centre?field=phones.0.number');
      const phone = page.locator(':focus');
      await expect.poll(() => phone.getAttribute('name')).toBe('phones.0.number');

      const head = git('rev-parse', 'HEAD');
      const centreBefore = file('centre.yaml');
      await phone.fill('69911');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.locator('[name="phones.0.number"]').getAttribute('aria-invalid')).toBe('true');
      expect(file('centre.yaml')).toBe(centreBefore);
      expect(git('rev-parse', 'HEAD')).toBe(head);

      await page.locator('[name="phones.0.number"]').fill('6 99 11 22 33');
      await saveAndWaitLive(page);
      await keepScreenshot(page, 'centre-saved-1280');
      expect(git('log', '-1', '--format=%an|%s')).toBe('Direction|Centre details: phones');
      expect(await pageText('/')).toContain('href="tel:+237699112233"');
      expect(await pageText('/contact')).toContain('6 99 11 22 33');

      await page.goto(`${product.url}/admin/dashboard`);
      await page.getByRole('heading', { name: 'Launch checklist' }).waitFor();
      await expect.poll(() => checklistItems(page).count()).toBe(itemsBefore - 1);
      expect(await page.getByRole('link', { name: 'Reception phone' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    },
    scaled(2 * publishWaitMs),
  );

  it(
    'on a phone, changes a programme’s duration, fills its fees and next intake, confirms its facts and rewrites its English summary; “cheap” and a past date are refused',
    async () => {
      const { page, context, problems } = await openSignedIn(
        browser,
        product.url,
        'phone',
        token,
        'Direction',
        '/admin/content/programmes',
        { touch: true },
      );
      await page.getByRole('link', { name: 'Soudure' }).tap();
      await page.waitForURL('**/admin/content/programmes/soudure');
      await page.getByLabel('Registration fee').waitFor();

      const head = git('rev-parse', 'HEAD');
      const before = file('formations/soudure.md');
      await page.getByLabel('Registration fee').fill('cheap');
      await page.getByRole('button', { name: 'Add an intake' }).tap();
      await page.locator('[name="intakes.0"]').fill('2020-01-06');
      await page.getByRole('button', { name: 'Save', exact: true }).tap();
      await expect.poll(() => page.getByLabel('Registration fee').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.locator('[name="intakes.0"]').getAttribute('aria-invalid')).toBe('true');
      await keepScreenshot(page, 'programme-refused-390');
      expect(file('formations/soudure.md')).toBe(before);
      expect(git('rev-parse', 'HEAD')).toBe(head);

      await page.getByLabel('Duration in months').fill('10');
      await page.getByLabel('Registration fee').fill('25 000');
      await page.getByLabel('Tuition, for the whole programme').fill('350 000');
      const nextYear = new Date().getUTCFullYear() + 1;
      await page.locator('[name="intakes.0"]').fill(`${nextYear}-01-11`);
      await page.getByLabel('Facts confirmed by the centre').check();
      // The English summary, right under its French twin, is saved in the same commit.
      const englishSummary = 'Learn to weld steel and aluminium for building sites, workshops and industry.';
      await page.getByRole('textbox', { name: 'Summary (English)' }).fill(englishSummary);
      await saveAndWaitLive(page);
      await keepScreenshot(page, 'programme-saved-390');
      expect(git('log', '-1', '--format=%an|%s')).toBe(
        'Direction|Soudure: duration, fees, next intakes and facts confirmed; English summary',
      );
      expect(git('show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
        'content/en/formations/soudure.md',
        'content/formations/soudure.md',
      ]);
      expect(await pageText('/en/programmes/welding')).toContain(englishSummary);

      const programmePage = await pageText('/formation/soudure');
      expect(programmePage).toMatch(/25[\s\u00a0\u202f]000[\s\u00a0]FCFA/);
      expect(programmePage).toMatch(/350[\s\u00a0\u202f]000[\s\u00a0]FCFA/);
      expect(programmePage).toContain(`11 janvier ${nextYear}`);
      // The duration, written once, reaches the page's words, its JSON-LD and the finder's filter together.
      expect(programmePage).toContain('10\u00a0mois');
      expect(programmePage).toContain('"timeRequired":"P10M"');
      await page.goto(`${product.url}/formations`);
      const card = page.locator('li[data-programme]').filter({ has: page.locator('a[href="/formation/soudure"]') });
      expect(await card.getAttribute('data-departement')).toBe('industriel-technique');
      expect(await card.getAttribute('data-months')).toBe('10');
      expect(problems).toEqual([]);
      await context.close();
    },
    scaled(2 * publishWaitMs),
  );

  it(
    'adds a programme from one form in both languages: its pages, its place in the finder and in its department, an address taken refused',
    async () => {
      const { page, context, problems } = await openSignedIn(
        browser,
        product.url,
        'desktop',
        token,
        'Direction',
        '/admin/content/programmes',
      );
      await page.getByRole('link', { name: 'Add a programme' }).click();
      await page.waitForURL('**/admin/content/new-programme');
      const fill = (name: string, value: string) => page.locator(`[name="${name}"]`).fill(value);
      const fillList = async (name: string, values: string[]) => {
        for (const [index, value] of values.entries()) await fill(`${name}.${index}`, value);
      };
      await page.getByLabel('Department').selectOption('industriel-technique');
      await fill('title', 'Ferronnerie d’art');
      // The address follows the title until it is edited: the one taken is refused beside its field.
      await expect.poll(() => page.locator('[name="slug"]').inputValue()).toBe('ferronnerie-d-art');
      await fill('english.title', 'Art metalwork');
      await fill('english.slug', 'welding');
      await fill('durationMonths', '6');
      await fill('diplomaName', 'CQP de ferronnier');
      await fill('english.diplomaName', 'CQP in art metalwork');
      await fill('diplomaAwardedBy', 'MINEFOP');
      await fill('english.diplomaAwardedBy', 'MINEFOP');
      await page.getByLabel('Day classes').check();
      await fill('summary', 'Forgez portails, rampes et grilles en fer forgé pour les maisons et les chantiers.');
      await fill('english.summary', 'Forge gates, railings and grilles in wrought iron for homes and building sites.');
      await fill('job', 'Le ferronnier façonne le fer à chaud et à froid.');
      await fill('english.job', 'An art metalworker shapes iron, hot and cold.');
      const six = (word: string) => [1, 2, 3, 4, 5, 6].map((index) => `${word} ${index}`);
      await fillList('skills', six('Savoir-faire'));
      await fillList('english.skills', six('Skill'));
      await fillList('outlets', six('Débouché').slice(0, 4));
      await fillList('english.outlets', six('Outlet').slice(0, 4));
      await fill('heroTitle', 'Le fer, forgé à la main');
      await fill('english.heroTitle', 'Iron, forged by hand');
      await fill('heroSubtitle', 'Un métier d’atelier recherché.');
      await fill('english.heroSubtitle', 'A workshop trade in demand.');
      await fillList('admission', ['Avoir le niveau CEP.', 'Aimer le travail manuel.']);
      await fillList('english.admission', ['The CEP level.', 'Enjoying hands-on work.']);
      for (const index of [0, 1, 2, 3]) {
        await fill(`highlights.${index}.title`, `Atout ${index + 1}`);
        await fill(`highlights.${index}.text`, `Ce que l’atout ${index + 1} apporte.`);
        await fill(`english.highlights.${index}.title`, `Strength ${index + 1}`);
        await fill(`english.highlights.${index}.text`, `What strength ${index + 1} brings.`);
      }
      await fillList('trades', ['ferronnier']);
      await fillList('english.trades', ['metalworker']);
      const head = git('rev-parse', 'HEAD');
      await page.getByRole('button', { name: 'Add the programme' }).click();
      await expect.poll(() => page.locator('[name="english.slug"]').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('english.slug');
      expect(git('rev-parse', 'HEAD')).toBe(head);

      await fill('english.slug', 'art-metalwork');
      await page.getByRole('button', { name: 'Add the programme' }).click();
      await page.getByText('Live on the site').waitFor({ timeout: scaled(publishWaitMs) });
      await keepScreenshot(page, 'programme-added-1280');
      expect(git('log', '-1', '--format=%an|%s')).toBe('Direction|Ferronnerie d’art: added to the site');
      expect(await pageText('/formation/ferronnerie-d-art')).toContain('Le fer, forgé à la main');
      expect(await pageText('/en/programmes/art-metalwork')).toContain('Iron, forged by hand');
      expect(await pageText('/departement/industriel-technique')).toContain('href="/formation/ferronnerie-d-art"');
      await page.goto(`${product.url}/formations`);
      await page
        .locator('li[data-programme]')
        .filter({ has: page.locator('a[href="/formation/ferronnerie-d-art"]') })
        .waitFor();

      // Its photo: uploaded from its form, shown on its page in the sizes and formats the build makes.
      await page.goto(`${product.url}/admin/content/programmes/ferronnerie-d-art`);
      await page.getByLabel('A photo', { exact: true }).setInputFiles({
        name: 'atelier.png',
        mimeType: 'image/png',
        buffer: pngImage(1200, 800),
      });
      await page.getByRole('button', { name: 'Save the photo' }).click();
      await page
        .locator('.programme-picture')
        .getByText('Live on the site')
        .waitFor({ timeout: scaled(publishWaitMs) });
      await page.getByRole('img', { name: 'Ferronnerie d’art, as its card shows it now' }).waitFor();
      await keepScreenshot(page, 'programme-photo-1280', page.locator('.programme-picture'));
      expect(git('log', '-1', '--format=%s')).toBe('Ferronnerie d’art: photo added');
      const withPhoto = await pageText('/formation/ferronnerie-d-art');
      expect(withPhoto).toContain('class="hero__photo"');
      expect(withPhoto).toMatch(/<source srcset="\/_astro\/ferronnerie-d-art\.[^"]*\.avif [^>]*type="image\/avif"/);
      expect(withPhoto).not.toContain('class="hero__art"');
      await page.goto(`${product.url}/formation/ferronnerie-d-art`);
      await keepScreenshot(page, 'programme-photo-page-1280');
      expect(problems).toEqual([]);
      await context.close();
    },
    scaled(3 * publishWaitMs),
  );

  it(
    'takes a programme off the site: its addresses in both languages lead to its department, the lists drop it; put back, its page returns',
    async () => {
      const { page, context, problems } = await openSignedIn(
        browser,
        product.url,
        'desktop',
        token,
        'Direction',
        '/admin/content/programmes/electricite-batiment',
      );
      const moved = async (pagePath: string) => {
        const response = await fetch(`${product.url}${pagePath}`, { redirect: 'manual' });
        return `${response.status} ${response.headers.get('location')}`;
      };
      const changeAndWaitLive = async (button: string, confirm: string) => {
        await page.getByRole('button', { name: button, exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
        await page
          .locator('.programme-retirement')
          .getByText('Live on the site')
          .waitFor({ timeout: scaled(publishWaitMs) });
      };
      const listed = '/formation/electricite-batiment"';

      await changeAndWaitLive('Take off the site', 'Take off the site');
      await page.locator('#main').getByText('Off the site: its pages lead to the Industriel et technique page').waitFor();
      await keepScreenshot(page, 'programme-retired-1280');
      expect(git('log', '-1', '--format=%an|%s')).toBe('Direction|Électricité bâtiment: taken off the site');
      expect(await moved('/formation/electricite-batiment')).toBe('301 /departement/industriel-technique');
      expect(await moved('/en/programmes/building-electrician')).toBe('301 /en/departments/industrial-technical');
      for (const pagePath of ['/formations', '/departement/industriel-technique', '/sitemap.xml', '/']) {
        expect(await pageText(pagePath), pagePath).not.toContain(listed);
      }
      await page.goto(`${product.url}/admin/content/programmes`);
      const offSite = page.locator('.programme-department').filter({ has: page.getByRole('heading', { name: 'Off the site' }) });
      await offSite.getByRole('link', { name: /Électricité bâtiment/ }).click();

      await changeAndWaitLive('Put back on the site', 'Put back');
      expect(git('log', '-1', '--format=%s')).toBe('Électricité bâtiment: back on the site');
      expect(await moved('/formation/electricite-batiment')).toBe('200 null');
      expect(await pageText('/formations')).toContain(listed);
      expect(problems).toEqual([]);
      await context.close();
    },
    scaled(3 * publishWaitMs),
  );
});

/**
 * An editor's change to the content folder goes live by itself: the product watches the folder
 * (a git-sync checkout in production, the scratch repository's here), rebuilds, and holds back
 * content that does not build without holding back the blog.
 */
describe('a change to the content folder', () => {
  const soudure = path.join(repository.contentDir, 'formations', 'soudure.md');
  let original: string;

  beforeAll(() => {
    original = file('formations/soudure.md');
  });

  const status = () => apiClient(product.url, token).get<SiteBuildStatus>('/site/status');

  it(
    'is on the served site without anyone publishing it',
    async () => {
      writeFileSync(soudure, original.replace(/^title: ".*"$/m, 'title: "Soudure et métallerie"'));
      await until('the change on the page', async () => (await pageText('/formation/soudure')).includes('Soudure et métallerie'));
      await until('the build done', async () => (await status()).state === 'idle');
      expect(await status()).toMatchObject({ contentHeldBack: false, notLive: { posts: null, content: null } });
    },
    scaled(2 * publishWaitMs),
  );

  it(
    'renders a programme’s fact on its own two pages and reuses every other programme’s and department’s page',
    async () => {
      const since = (await status()).lastSuccessAt;
      writeFileSync(soudure, file('formations/soudure.md').replace(/^practicalShare: \d+$/m, 'practicalShare: 65'));
      await until('the fact on both pages', async () => {
        const [french, english] = await Promise.all([pageText('/formation/soudure'), pageText('/en/programmes/welding')]);
        return french.includes('dont 65\u00a0% de pratique') && english.includes('65% of it practical');
      });
      await until('the build done', async () => {
        const now = await status();
        return now.state === 'idle' && now.lastSuccessAt !== since;
      });
      const { lastPages } = await status();
      // Not the site's every page because each footer lists the programmes: their names did not change.
      expect(lastPages?.reused).toBeGreaterThanOrEqual(2 * (fixtureProgrammes.length - 1 + fixtureDepartements.length));
    },
    scaled(2 * publishWaitMs),
  );

  it(
    'that breaks a file leaves the previous site live, names the file and field, and lets posts publish',
    async () => {
      writeFileSync(
        soudure,
        original.replace(/^title: ".*"$/m, 'title: "Soudure cassée"').replace(/^durationMonths: \d+$/m, 'durationMonths: 90'),
      );
      await until('the broken file held back', async () => (await status()).contentHeldBack);
      const held = await status();
      expect(held.notLive.content).toEqual(expect.any(String));
      expect(held.content?.problems).toContainEqual(
        expect.objectContaining({ kind: 'error', file: 'content/formations/soudure.md', field: 'durationMonths' }),
      );
      const page = await pageText('/formation/soudure');
      expect(page).toContain('Soudure et métallerie');
      expect(page).not.toContain('Soudure cassée');

      const since = (await status()).lastSuccessAt;
      const { blog } = await apiClient(product.url, token).post<{ blog: { slug: string } }>('/blog', {
        title: 'Portes ouvertes du samedi',
        description: '<p>Venez visiter les ateliers.</p>',
        status: 'published',
      });
      await until('the post published beside the held content', async () => {
        const now = await status();
        return (
          now.state === 'idle' && now.lastSuccessAt !== since && (await fetch(`${product.url}/blog/${blog.slug}`)).status === 200
        );
      });
      expect(await pageText('/formation/soudure')).toContain('Soudure et métallerie');
      expect((await status()).notLive).toEqual({ posts: null, content: held.notLive.content });

      writeFileSync(soudure, original);
      await until(
        'the repaired file live',
        async () =>
          !(await status()).contentHeldBack && !(await pageText('/formation/soudure')).includes('Soudure et métallerie'),
      );
      await until('nothing left to go live', async () => (await status()).notLive.content === null);
      // The folder is as the last commit left it: the admin may save again.
      expect(repository.git('status', '--porcelain')).toBe('');
    },
    scaled(4 * publishWaitMs),
  );
});
