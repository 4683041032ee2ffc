import { createHmac, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { viewports } from './browser.ts';
import { scaled } from './time-scale.ts';

/** The first superAdmin and the signing secret the admin browser tests start the product with. */
export const superAdmin = { email: 'direction@example.cm', password: 'correct horse battery staple' };
export const jwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-signing';

export const productEnv = {
  SITE_REBUILD: 'off',
  ADMIN_EMAIL: superAdmin.email,
  ADMIN_PASSWORD: superAdmin.password,
  ADMIN_USERNAME: 'Direction',
  JWT_SECRET: jwtSecret,
};

/** A small client for arranging data through the real API, as another admin or a visitor would. */
export function apiClient(baseUrl: string, token?: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
    patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
  };
}

export async function loginToken(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await apiClient(baseUrl).post<{ Token: string }>('/auth/login', { email, password });
  return answer.Token;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A token the API signed itself (same secret, same claims) but whose expiry has passed. */
export function expiredToken(adminId: number, tokenVersion = 0): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: String(adminId), ver: tokenVersion, jti: randomUUID(), iat: now - 7200, exp: now - 3600 }),
  );
  const signature = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A valid RGB PNG (a green-to-amber gradient), built from bytes: the upload checks the bytes, not the name. */
export function pngImage(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push(13 + Math.round((x / width) * 200), 92 + Math.round((y / height) * 80), 58);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface AdminPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors other than refused requests. */
  problems: string[];
}

/** A fresh browser context at a viewport (a touch screen with `touch`), with bounded waits and its page errors collected. */
export async function openPage(browser: Browser, viewport: keyof typeof viewports, { touch = false } = {}): Promise<AdminPage> {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    acceptDownloads: true,
    ...(touch && { hasTouch: true, isMobile: true }),
  });
  context.setDefaultTimeout(scaled(10_000));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The browser logs every 4xx (401 after revocation, 404 of a missing post): those are answers, not bugs.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  return { context, page, problems };
}

/**
 * Signs in through the login form the page shows, as a member of staff does (a tap on a touch
 * screen), and waits for the dashboard.
 */
export async function signInWithForm(
  page: Page,
  { email, password }: { email: string; password: string },
  { touch = false } = {},
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const login = page.getByRole('button', { name: 'Login' });
  await (touch ? login.tap() : login.click());
  await page.waitForURL('**/dashboard');
}

/** Signs in without the login form: the token is stored as the login page stores it. */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  viewport: keyof typeof viewports,
  token: string,
  username: string,
  path = '/admin/dashboard',
  options: { touch?: boolean } = {},
): Promise<AdminPage> {
  const opened = await openPage(browser, viewport, options);
  await opened.page.goto(`${baseUrl}/admin/login`);
  await opened.page.evaluate(
    ([storedToken, storedName]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('username', storedName);
    },
    [token, username] as const,
  );
  await opened.page.goto(`${baseUrl}${path}`);
  return opened;
}
