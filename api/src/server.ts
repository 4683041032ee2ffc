import { summarizeReport } from '@cfp/content';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './auth/first-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { firstAdminMessage, listeningMessage } from './start-message.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  const generatedAdmin = await ensureFirstAdmin(app.db, config.firstAdmin, app.log);
  const address = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(listeningMessage(address, config));
  const { content } = await app.siteBuilder.getStatus();
  if (content)
    process.stdout.write(`\nContent (${config.content.directory}), launch checklist:\n${summarizeReport(content)}\n\n`);
  // Last, so that the one-time password does not scroll away above the checklist.
  if (generatedAdmin) process.stdout.write(`${firstAdminMessage(generatedAdmin, config.publicUrls.admin)}\n`);
  if (config.site.rebuild === 'local') app.siteBuilder.request('start', 0);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      app.log.info({ signal }, `shutting down (${signal})`);
      await app.close();
      process.exit(0);
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
