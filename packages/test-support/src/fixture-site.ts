import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureContent } from './content-fixture.ts';
import { type PrebuiltSite, startProduct, untilSiteBuilt } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureSite: PrebuiltSite;
  }
}

/**
 * The fixture's site, built once by a product as every product builds it (`startProduct`'s
 * settings, SITE_REBUILD=local), then stopped: its site folder and the content it was built
 * from, for products to start from a copy (`startProduct(env, { prebuiltSite })`). Its pages
 * name that product's address (canonical links, sitemap), not the address of the copy's product.
 */
export async function buildFixtureSite(): Promise<{ site: PrebuiltSite; remove: () => void }> {
  const root = mkdtempSync(path.join(tmpdir(), 'cfp-fixture-site-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const site = { content: fixtureContent(path.join(root, 'content')), site: path.join(root, 'site') };
    const product = await startProduct({
      CONTENT_DIR: site.content,
      SITE_DIR: site.site,
      SITE_REBUILD: 'local',
      SITE_REBUILD_DEBOUNCE_MS: '0',
    });
    try {
      await untilSiteBuilt(product);
    } finally {
      await product.stop();
    }
    return { site, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
