import Fastify from 'fastify';
import { afterAll } from 'vitest';
import { ContentChecker } from '../../src/content/content-checker.ts';
import { SiteBuilder, type SiteBuilderOptions } from '../../src/site/site-builder.ts';
import { contentFixture } from './content-repository.ts';

const contentChecker = new ContentChecker();
afterAll(() => contentChecker.keepLoaded(0));

/**
 * A builder with the test defaults: a local build of the content fixture, nothing published
 * elsewhere, at the test's own priority (the idle class, production's, is tested on its own:
 * beside the other test files it could leave a stand-in build waiting for the CPU), `astro build`
 * afresh for each build unless `warmMs` says otherwise.
 */
export function testSiteBuilder(options: Pick<SiteBuilderOptions, 'siteSourceDir' | 'outputRoot'> & Partial<SiteBuilderOptions>) {
  return new SiteBuilder({
    mode: 'local',
    debounceMs: 0,
    longestPauseMs: 20_000,
    brotliQuality: 11,
    applicationRetentionDays: 365,
    contentDir: contentFixture(),
    contentStrict: false,
    contentChecker,
    apiUrl: () => 'http://127.0.0.1:9/api',
    publicSiteUrl: 'http://127.0.0.1:8080',
    publicApiUrl: '/api',
    mediaOrigin: undefined,
    deployHookUrl: undefined,
    systemEnv: { PATH: process.env.PATH ?? '/usr/bin' },
    log: Fastify({ logger: false }).log,
    priority: 'normal',
    ...options,
  });
}
