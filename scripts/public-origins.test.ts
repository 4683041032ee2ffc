import { expect, it } from 'vitest';
import { productSources, readSource, sourceFiles } from './source-files.ts';

/**
 * The public addresses become origins in crossOrigins (packages/shared/src/public-origins.ts) and
 * nowhere else: the product, what builds and deploys it (nginx's start.sh too) and the scripts.
 */
const checked = sourceFiles([...productSources, 'site/public', 'deploy', 'scripts'], /\.(astro|ts|tsx|mjs|js|sh)$/).filter(
  (file) => !file.endsWith('.test.ts'),
);

/** Working an origin out: a URL's `.origin`, `{ origin } =`, or a pattern that keeps an address up to its first `/` after the scheme (sed). */
const originWorkedOut = [/\.origin\b/, /\{[^}]*\borigin\b[^}]*\}\s*=/, /https\?:(\\?\/){2}\[\^\\?\/\]/];

const theFunction = 'packages/shared/src/public-origins.ts';

/** The other lines that read an origin, none of them one of the public addresses'. */
const allowed: Array<{ file: string; line: string; reason: string }> = [
  {
    file: 'api/src/blog/sanitize.ts',
    line: "if (parsed.origin !== base.origin || parsed.search !== '' || parsed.hash !== '') return false;",
    reason: 'an image in a post must be an upload: its URL and the upload base are both read against a placeholder origin',
  },
  {
    file: 'api/src/http/answer-replay.ts',
    line: 'const replayable = (headers: IncomingHttpHeaders) => headers.authorization === undefined && headers.origin === undefined;',
    reason: "a request's Origin header, only checked for being there: a cross-origin read is left to Fastify and its CORS plugin",
  },
  ...['views/PostPage.astro', 'views/ProgrammePage.astro', 'views/HomePage.astro'].map((page) => ({
    file: `site/src/${page}`,
    line: 'const site = Astro.site ?? new URL(Astro.url.origin);',
    reason: "the structured data's base: the page's own address, should Astro have no `site`",
  })),
  ...[
    "if (request.method !== 'GET' || url.origin !== location.origin || /^\\/(api|admin|media)(\\/|$)/.test(url.pathname)) return;",
    'const key = url.origin + url.pathname;',
  ].map((line) => ({
    file: 'site/public/sw.js',
    line,
    reason: "the service worker caches the pages of the origin it runs on, as the browser's location gives it",
  })),
];

it('works the public addresses’ origins out in crossOrigins alone', () => {
  expect(checked).toContain(theFunction);
  expect(checked).toContain('deploy/nginx/start.sh');
  const found = checked
    .filter((file) => file !== theFunction)
    .flatMap((file) =>
      readSource(file)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => originWorkedOut.some((pattern) => pattern.test(line)))
        .map((line) => ({ file, line })),
    );
  const unexplained = found.filter(({ file, line }) => !allowed.some((entry) => entry.file === file && entry.line === line));
  expect(unexplained).toEqual([]);
  // An entry whose line has gone is removed with it.
  expect(allowed.filter((entry) => !found.some(({ file, line }) => entry.file === file && entry.line === line))).toEqual([]);
});

it('sees each way of working an origin out', () => {
  const samples = [
    'const apiOrigin = new URL(urls.api).origin;',
    'const { origin } = new URL(url);',
    `origin() { echo "$1" | sed -E 's#^(https?://[^/]+).*#\\1#'; }`,
    'const host = /^(https?:\\/\\/[^/]+)/.exec(url);',
  ];
  expect(samples.filter((sample) => !originWorkedOut.some((pattern) => pattern.test(sample)))).toEqual([]);
});
