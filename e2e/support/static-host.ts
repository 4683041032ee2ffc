import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

/** Where a static host reads the files: a directory (a web server's root) or a bucket's public URL (a CDN's origin). */
export type StaticSource = { directory: string } | { bucketUrl: string };

export interface StaticHost {
  url: string;
  close: () => Promise<void>;
}

const types: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css',
  js: 'text/javascript',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  txt: 'text/plain',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

async function read(source: StaticSource, file: string): Promise<{ body: Buffer; type: string } | undefined> {
  if (file.split('/').some((segment) => segment === '..')) return undefined;
  if ('directory' in source) {
    const body = await readFile(path.join(source.directory, file)).catch(() => undefined);
    const type = types[path.extname(file).slice(1)] ?? 'text/html; charset=utf-8';
    return body && { body, type };
  }
  const response = await fetch(`${source.bucketUrl}/${file}`);
  if (!response.ok) return undefined;
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  };
}

/** Netlify-style rules: `/*` matches everything, `/assets/*` a folder, anything else itself. */
const matches = (pattern: string, pathname: string) =>
  pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;

function parseHeaders(text: string): Array<{ pattern: string; headers: Array<[string, string]> }> {
  const rules: Array<{ pattern: string; headers: Array<[string, string]> }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else
      rules.at(-1)?.headers.push(
        line
          .trim()
          .split(/:\s*(.*)/s)
          .slice(0, 2) as [string, string],
      );
  }
  return rules;
}

function parseRedirects(text: string): Array<{ from: string; to: string; status: number }> {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length === 3)
    .map(([from, to, status]) => ({ from: from as string, to: to as string, status: Number(status) }));
}

/**
 * A static host that knows nothing of the product, as a CDN or a plain web server would be: files
 * under clean URLs (`/faq` → faq.html), the `_headers` and `_redirects` files as Netlify-style
 * hosts read them (a redirect or rewrite only where no file answers), 404.html for the rest.
 */
export async function startStaticHost(source: StaticSource, port: number): Promise<StaticHost> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    const relative = pathname.replace(/^\/+/, '');
    const candidates = relative === '' ? ['index.html'] : [relative, `${relative}.html`, `${relative}/index.html`];
    const headerRules = parseHeaders((await read(source, '_headers'))?.body.toString() ?? '');
    for (const rule of headerRules.filter((rule) => matches(rule.pattern, pathname))) {
      for (const [name, value] of rule.headers) response.setHeader(name, value);
    }
    let found: { body: Buffer; type: string } | undefined;
    for (const candidate of candidates) {
      found = await read(source, candidate);
      if (found) break;
    }
    if (!found) {
      const rule = parseRedirects((await read(source, '_redirects'))?.body.toString() ?? '').find((entry) =>
        matches(entry.from, pathname),
      );
      if (rule && rule.status !== 200) {
        response.writeHead(rule.status, { location: rule.to }).end();
        return;
      }
      if (rule) found = await read(source, rule.to.replace(/^\/+/, ''));
    }
    if (!found) {
      const notFound = await read(source, '404.html');
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound?.body ?? 'Not found');
      return;
    }
    response.writeHead(200, { 'content-type': found.type }).end(request.method === 'HEAD' ? undefined : found.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
