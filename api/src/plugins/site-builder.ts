import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crossOrigins } from '@cfp/shared';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Client } from 'minio';
import type { Config } from '../config.ts';
import { ContentWatcher } from '../site/content-watcher.ts';
import { publishToDir } from '../site/publish-to-dir.ts';
import { publishToS3 } from '../site/publish-to-s3.ts';
import { SiteBuilder } from '../site/site-builder.ts';
import { SitePreviews } from '../site/site-previews.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteBuilder: SiteBuilder;
    /** The site as a content form's unsaved values would make it, built apart from the live site. */
    sitePreviews: SitePreviews;
    /**
     * After the API itself changed the content folder (a save from the admin): the catalogue and
     * the checklist read it again and the site rebuilds now, once (the watcher takes the change
     * as seen instead of asking for a second build).
     */
    contentChanged(reason: string): Promise<void>;
  }
}

const siteSourceDir = fileURLToPath(new URL('../../../site', import.meta.url));

/**
 * The API as the site's pages name it (by its path alone on the site's own origin, whatever host
 * name a visitor used) and the images' origin when it is not the site's.
 */
function asSeenFromSite({ publicUrls, storage }: Config): { publicApiUrl: string; mediaOrigin: string | undefined } {
  const { apiOrigin, mediaOrigin } = crossOrigins(
    { site: publicUrls.site, api: publicUrls.api, media: storage.publicUrl },
    'site',
  );
  return { publicApiUrl: apiOrigin ? publicUrls.api : new URL(publicUrls.api).pathname, mediaOrigin };
}

/** Where a finished build goes besides this process's own copy (SITE_PUBLISH). */
function publisher(target: Config['site']['publish'], log: FastifyBaseLogger): ((buildDir: string) => Promise<void>) | undefined {
  if (target.target === 'local') return undefined;
  if (target.target === 'dir') return (buildDir) => publishToDir(buildDir, target.directory);
  let client: Client | undefined;
  return async (buildDir) => {
    // The S3 client is loaded by the first publish, as the images' is (storage/index.ts).
    client ??= (await import('../storage/s3-storage.ts')).createS3Client(target.connection);
    const summary = await publishToS3(client, target.bucket, target.prefix, buildDir);
    log.info(
      { ...summary, bucket: target.bucket, prefix: target.prefix },
      `site published to ${target.bucket}/${target.prefix}: ${summary.uploaded} files uploaded, ${summary.unchanged} unchanged, ${summary.deleted} deleted`,
    );
  };
}

/** Rebuilds the public site when posts or the content folder change. */
export default fp(
  async (app) => {
    const { config } = app;
    const outputRoot = config.site.directory;
    const log = app.log.child({ component: 'site-builder' });
    await mkdir(outputRoot, { recursive: true });
    const siteBuilder = new SiteBuilder({
      mode: config.site.rebuild,
      debounceMs: config.site.debounceMs,
      longestPauseMs: config.site.longestPauseMs,
      brotliQuality: config.site.brotliQuality,
      applicationRetentionDays: config.applicationRetentionDays,
      priority: config.site.buildPriority,
      warmMs: config.site.warmMs,
      siteSourceDir,
      outputRoot,
      contentDir: config.content.directory,
      contentStrict: config.content.strict,
      contentChecker: app.contentChecker,
      apiUrl: () => {
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        return `http://127.0.0.1:${port}/api`;
      },
      publicSiteUrl: config.publicUrls.site,
      ...asSeenFromSite(config),
      publish: publisher(config.site.publish, log),
      deployHookUrl: config.site.deployHookUrl,
      systemEnv: config.systemEnv,
      log,
    });
    app.decorate('siteBuilder', siteBuilder);
    app.decorate('sitePreviews', new SitePreviews({ builder: siteBuilder, outputRoot }));
    const { watchIntervalMs } = config.content;
    const watcher =
      config.site.rebuild !== 'off' && watchIntervalMs > 0
        ? new ContentWatcher(
            config.content.directory,
            watchIntervalMs,
            () => {
              app.catalogue.refresh();
              siteBuilder.checkContent().catch((error) => log.warn({ err: error }, 'the content check could not run'));
              siteBuilder.changed('content', 'content changed');
            },
            (task) => app.contentRepository.serial(task),
          )
        : undefined;
    app.decorate('contentChanged', async (reason: string) => {
      await watcher?.takeAsSeen();
      app.catalogue.refresh();
      await siteBuilder.checkContent();
      siteBuilder.changed('content', reason, 0);
    });
    app.addHook('onReady', async () => watcher?.start());
    app.addHook('onClose', async () => {
      watcher?.stop();
      await siteBuilder.close();
    });
  },
  { name: 'site-builder', dependencies: ['config', 'catalogue', 'content-repository'] },
);
