import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';

/** A live build as the site builder leaves it: builds/1 and the `current` link to it. */
function liveBuild(dataDir: string) {
  const build = path.join(dataDir, 'site', 'builds', '1');
  mkdirSync(path.join(build, 'formation'), { recursive: true });
  for (const page of ['index', 'contact', 'formations', 'formation/soudure'])
    writeFileSync(path.join(build, `${page}.html`), page);
  writeFileSync(path.join(build, '_redirects'), '/FAQ /faq 301\n/blog/12 /blog/portes-ouvertes 301\n/* /index.html 200\n');
  symlinkSync(path.join('builds', '1'), path.join(dataDir, 'site', 'current'));
}

describe('GET /api/site/moved, asked by nginx for an address the build has no file for', () => {
  it('answers with a 301 to the page meant, the query kept, and 404 when there is none', async () => {
    const app = await buildTestApp();
    liveBuild(app.config.dataDir);
    const moved = (uri: string) => app.inject({ method: 'GET', url: '/api/site/moved', headers: { 'x-original-uri': uri } });

    for (const [asked, target] of [
      ['/Contact', '/contact'],
      ['/FORMATION/Soudure/?depuis=affiche', '/formation/soudure?depuis=affiche'],
      ['/FAQ', '/faq'],
      ['/blog/12?utm=1', '/blog/portes-ouvertes?utm=1'],
    ]) {
      const answer = await moved(asked as string);
      expect(answer.statusCode, asked).toBe(301);
      expect(answer.headers.location, asked).toBe(target);
    }
    for (const nowhere of ['/page-inconnue', '/Page-Inconnue', '//evil.example/', '/formation/../../etc/passwd']) {
      expect((await moved(nowhere)).statusCode, nowhere).toBe(404);
    }
    // A rewrite line of _redirects (200) is not a move.
    expect((await moved('/anything')).statusCode).toBe(404);
  });

  it('refuses a request without the address asked', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/site/moved' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/site/moved', headers: { 'x-original-uri': 'contact' } })).statusCode,
    ).toBe(400);
  });
});

describe('an address the site has no page for', () => {
  it('gets the 404 page of its language: the English one under /en, the French one elsewhere', async () => {
    const app = await buildTestApp({ env: { SITE_SERVE: 'true' } });
    liveBuild(app.config.dataDir);
    const build = path.join(app.config.dataDir, 'site', 'builds', '1');
    writeFileSync(path.join(build, '404.html'), 'Page introuvable');
    const notFound = (url: string) => app.inject({ method: 'GET', url });

    expect([(await notFound('/en/nowhere')).statusCode, (await notFound('/en/nowhere')).body]).toEqual([404, 'Page introuvable']);
    mkdirSync(path.join(build, 'en'));
    writeFileSync(path.join(build, 'en', '404.html'), 'Page not found');
    for (const url of ['/en/nowhere', '/en/programmes/nothing?x=1', '/en'.concat('/')]) {
      const answer = await notFound(url);
      expect([answer.statusCode, answer.body], url).toEqual([404, 'Page not found']);
    }
    for (const url of ['/nulle-part', '/english', '/entreprise']) {
      const answer = await notFound(url);
      expect([answer.statusCode, answer.body], url).toEqual([404, 'Page introuvable']);
    }
  });
});
