import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { jwtSecret, superAdmin } from './admin-session.ts';
import { filledContent } from './filled-content.ts';
import { startLoopbackSmtp } from './loopback-smtp.ts';
import { type PublishedPost, startSiteWithPost } from './site.ts';

/**
 * The product that the site's reading tests share (e2e/shared-site): started once per test run
 * by vitest's global set-up, its site built once, with one published post, the content as the
 * centre will have filled it in, and a loopback SMTP server whose mails every test file can read.
 * The tests on it add messages and applications but change neither the site nor its content.
 */
export interface SharedSite {
  url: string;
  /** A superAdmin's token (`superAdmin` of admin-session). */
  token: string;
  post: PublishedPost;
  /** The page of each type (site/budgets.json), the post's slug filled in. */
  pages: Record<string, string>;
  /** What the product has sent, for `readMailbox`. */
  mailboxFile: string;
  /** The product's SQLite file, for a test that reads what the API kept (with `node:sqlite`, read-only). */
  databaseFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedSite: SharedSite;
  }
}

/** Starts the shared product; resolves with what the tests need and how to stop it all. */
export async function startSharedSite(): Promise<{ site: SharedSite; stop: () => Promise<void> }> {
  const content = filledContent();
  const mailboxFile = path.join(content, '..', `${path.basename(content)}-mailbox.jsonl`);
  const smtp = await startLoopbackSmtp(0, { closeAfterEach: false, mailboxFile });
  const removeAll = async () => {
    await smtp.close();
    rmSync(content, { recursive: true, force: true });
    rmSync(mailboxFile, { force: true });
  };
  try {
    const { product, token, post, pages } = await startSiteWithPost(
      {
        ...smtp.env,
        CONTENT_DIR: content,
        JWT_SECRET: jwtSecret,
        // As behind the reverse proxy: each test's visitor comes from an address of its own (`visitor`).
        TRUST_PROXY: '1',
      },
      superAdmin,
    );
    const stop = async () => {
      await product.stop();
      await removeAll();
    };
    return {
      site: { url: product.url, token, post, pages, mailboxFile, databaseFile: path.join(product.dataDir, 'centre.sqlite') },
      stop,
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/**
 * A visitor of the shared product: a browser context with an address of its own (X-Forwarded-For),
 * so that the forms' limit per address never counts another test's visitors.
 */
export function visitorContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': visitorAddress() },
  });
}

/** An address in 10.0.0.0/8, different for each visitor of a run (random, as test files run in separate processes). */
export function visitorAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
