import { existsSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SiteBuilder } from '../src/site/site-builder.ts';
import { buildTestApp, temporaryDirectory } from './helper.ts';

describe('local site build failure', () => {
  it('leaves the previous site online and reports the error', async () => {
    const outputRoot = temporaryDirectory();
    mkdirSync(path.join(outputRoot, 'builds', '1'), { recursive: true });
    writeFileSync(path.join(outputRoot, 'builds', '1', 'index.html'), '<h1>Site en ligne</h1>');
    symlinkSync(path.join('builds', '1'), path.join(outputRoot, 'current'));

    // A site source without its dependencies: `astro build` cannot even start.
    const brokenSource = temporaryDirectory();
    writeFileSync(path.join(brokenSource, 'package.json'), '{"name":"broken-site","type":"module"}');

    const builder = new SiteBuilder({
      mode: 'local',
      debounceMs: 0,
      siteSourceDir: brokenSource,
      outputRoot,
      apiUrl: () => 'http://127.0.0.1:9/api',
      publicSiteUrl: 'http://127.0.0.1:8080',
      mediaOrigin: undefined,
      deployHookUrl: undefined,
      log: Fastify({ logger: false }).log,
    });
    builder.request('test', 0);
    await builder.whenIdle();

    expect(readlinkSync(path.join(outputRoot, 'current'))).toBe(path.join('builds', '1'));
    expect(readFileSync(path.join(outputRoot, 'current', 'index.html'), 'utf8')).toContain('Site en ligne');
    expect(builder.getStatus()).toMatchObject({ state: 'idle', lastSuccessAt: null, lastError: expect.stringMatching(/astro/i) });
  });
});

describe('where the site is built', () => {
  it('goes to SITE_DIR when set, outside the data directory, so a web server can mount it alone', async () => {
    const siteDir = path.join(temporaryDirectory(), 'site');
    const app = await buildTestApp({ env: { SITE_DIR: siteDir } });
    expect(app.siteBuilder.currentDir).toBe(path.join(siteDir, 'current'));
    expect(existsSync(siteDir)).toBe(true);
    expect(existsSync(path.join(app.config.dataDir, 'site'))).toBe(false);
    await app.close();
  });
});
