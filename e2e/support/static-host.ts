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
  if ('directory' in source) {
    const body = await readFile(path.join(source.directory, file)).catch(() => undefined);
    return body && { body, type: types[path.extname(file).slice(1)] ?? 'application/octet-stream' };
  }
  const response = await fetch(`${source.bucketUrl}/${file}`);
  if (!response.ok) return undefined;
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  };
}

/**
 * A static host that maps nothing, as S3 website hosting, GitHub Pages or a bare web server are:
 * a file is served at its own path, a folder at its path with a slash (`/about` is redirected to
 * `/about/`, which sends `about/index.html`), and `404.html` answers everything else. It reads
 * no `_headers`, no `_redirects`, no rewrite rule, and adds `.html` to nothing.
 */
export async function startStaticHost(source: StaticSource, port: number): Promise<StaticHost> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    if (relative.split('/').includes('..')) {
      response.writeHead(400).end();
      return;
    }
    const found = await read(source, relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative);
    if (found) {
      response.writeHead(200, { 'content-type': found.type }).end(request.method === 'HEAD' ? undefined : found.body);
      return;
    }
    if (relative && !relative.endsWith('/') && (await read(source, `${relative}/index.html`))) {
      response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    const notFound = await read(source, '404.html');
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound?.body ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
