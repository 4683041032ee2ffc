import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { SiteBuilder } from '../site/site-builder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteBuilder: SiteBuilder;
  }
}

const siteSourceDir = fileURLToPath(new URL('../../../site', import.meta.url));

function mediaOrigin(mediaUrl: string, siteUrl: string): string | undefined {
  const origin = new URL(mediaUrl).origin;
  return origin === new URL(siteUrl).origin ? undefined : origin;
}

/** Rebuilds the public site when posts change. */
export default fp(
  async (app) => {
    const { config } = app;
    const outputRoot = config.site.directory;
    await mkdir(outputRoot, { recursive: true });
    const siteBuilder = new SiteBuilder({
      mode: config.site.rebuild,
      debounceMs: config.site.debounceMs,
      siteSourceDir,
      outputRoot,
      apiUrl: () => {
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        return `http://127.0.0.1:${port}/api`;
      },
      publicSiteUrl: config.publicUrls.site,
      mediaOrigin: mediaOrigin(config.storage.publicUrl, config.publicUrls.site),
      deployHookUrl: config.site.deployHookUrl,
      systemEnv: config.site.buildSystemEnv,
      log: app.log.child({ component: 'site-builder' }),
    });
    app.decorate('siteBuilder', siteBuilder);
    app.addHook('onClose', () => siteBuilder.close());
  },
  { name: 'site-builder', dependencies: ['config'] },
);
