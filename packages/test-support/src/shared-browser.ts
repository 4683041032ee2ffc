import { type Browser, type BrowserServer, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { scaled } from './time-scale.ts';

/**
 * One Chromium for a whole test run: each browser project's global set-up calls
 * `provideSharedBrowser`, which starts it the first time (the projects' set-ups run in one
 * process) and gives its address to the project's files; a file connects with `connectBrowser`
 * and closes only its own connection. Launching Chromium once instead of once per file saves a
 * browser start (a second or two of CPU) per file.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

interface Project {
  provide: (key: 'browserEndpoint', value: string) => void;
}

interface SharedServer {
  server: Promise<BrowserServer>;
  users: number;
}

const registry = globalThis as typeof globalThis & { cfpSharedBrowser?: SharedServer };

/** For a project's global set-up: starts the run's Chromium if need be; resolves with the teardown. */
export async function provideSharedBrowser(project: Project): Promise<() => Promise<void>> {
  registry.cfpSharedBrowser ??= {
    server: chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, host: '127.0.0.1' }),
    users: 0,
  };
  const shared = registry.cfpSharedBrowser;
  shared.users += 1;
  project.provide('browserEndpoint', (await shared.server).wsEndpoint());
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry.cfpSharedBrowser = undefined;
    await (await shared.server).close();
  };
}

/**
 * In a test file: a connection to the run's Chromium. `close()` ends this connection and its
 * contexts, not the browser. Each context it opens waits Playwright's 30 s at the run's time scale.
 */
export async function connectBrowser(): Promise<Browser> {
  const browser = await chromium.connect(inject('browserEndpoint'));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(scaled(30_000));
    return context;
  };
  return browser;
}
