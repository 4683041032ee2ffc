import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApi, startProcess } from './support.ts';

/**
 * `pnpm bench`: API throughput and p99 latency on loopback, each as a ratio to its ceiling
 * measured in the same run (bench/ceilings.ts). Prints one table. Not part of the tests.
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const admin = { email: 'bench@centre.test', password: 'bench passphrase long enough' };

interface Measure {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

function run(options: autocannon.Options): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const errors = result.errors + result.timeouts + result.non2xx;
      resolve({ requestsPerSecond: result.requests.average, p99: result.latency.p99, errors });
    });
  });
}

/** Each request from a distinct client address (the API trusts X-Forwarded-For here, as behind a proxy). */
function uniqueWrites(url: string, body: (index: number) => object): autocannon.Options {
  let index = 0;
  return {
    url,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          index += 1;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
            },
            body: JSON.stringify(body(index)),
          };
        },
      },
    ],
  };
}

async function measurePair(options: autocannon.Options): Promise<{ max: Measure; half: Measure }> {
  const max = await run(options);
  const half = await run({ ...options, overallRate: Math.max(1, Math.floor(max.requestsPerSecond / 2)) });
  return { max, half };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-bench-'));
  const api = await startApi(dataDir, admin);
  const base = api.url;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { Token } = (await login.json()) as { Token: string };
  let slug = '';
  for (let index = 0; index < 20; index += 1) {
    const response = await fetch(`${base}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${Token}` },
      body: JSON.stringify({
        title: `Article de démonstration ${index}`,
        description: `<h2>Section</h2><p>${'Texte de l’article. '.repeat(40)}</p>`,
        coverPhoto: `blogImages/${index}_photo.jpg`,
      }),
    });
    slug = ((await response.json()) as { blog: { slug: string } }).blog.slug;
  }
  const listBody = await (await fetch(`${base}/api/blog`)).text();

  const ceiling = await startProcess(['bench/ceilings.ts'], { CEILING_CONSTANT: listBody }, (line) =>
    line.startsWith('http://') ? line.trim() : undefined,
  );
  const rows: Array<[string, Measure, Measure, Measure, number]> = [];
  try {
    const readCeiling = await measurePair({ url: `${ceiling.url}/constant` });
    const writeCeiling = await measurePair(uniqueWrites(`${ceiling.url}/insert`, (index) => ({ email: `c${index}@bench.test` })));

    const list = await measurePair({ url: `${base}/api/blog` });
    rows.push(['GET /api/blog (list)', list.max, list.half, readCeiling.max, 0.6]);
    const bySlug = await measurePair({ url: `${base}/api/blog/slug/${slug}` });
    rows.push(['GET /api/blog/slug/{slug}', bySlug.max, bySlug.half, readCeiling.max, 0.6]);
    const subscribe = await measurePair(
      uniqueWrites(`${base}/api/subscriber`, (index) => ({ email: `reader${index}-${Date.now()}@bench.test` })),
    );
    rows.push(['POST /api/subscriber (write)', subscribe.max, subscribe.half, writeCeiling.max, 0.8]);
    const contact = await measurePair(
      uniqueWrites(`${base}/api/contact`, (index) => ({
        firstName: 'Awa',
        lastName: 'Ndzi',
        email: `visitor${index}@bench.test`,
        phone: '+237 699 00 11 22',
        message: 'Bonjour, je souhaite des informations sur la formation en soudure.',
        programme: 'soudure',
      })),
    );
    rows.push(['POST /api/contact (write)', contact.max, contact.half, writeCeiling.max, 0.8]);
    const loginMeasure = await run({
      url: `${base}/api/auth/login`,
      method: 'POST',
      connections: 4,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });

    const table = [
      '| route | req/s | ceiling req/s | ratio | target | p99 at max (ms) | p99 at half rate (ms) | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(([name, max, half, bound, target]) => {
        const ratio = max.requestsPerSecond / bound.requestsPerSecond;
        const verdict = ratio >= target && half.p99 < 10 ? 'ok' : 'MISSED';
        return `| ${name} | ${max.requestsPerSecond.toFixed(0)} | ${bound.requestsPerSecond.toFixed(0)} | ${(ratio * 100).toFixed(0)} % | ≥ ${target * 100} %, p99 < 10 ms: ${verdict} | ${max.p99} | ${half.p99} | ${max.errors + half.errors} |`;
      }),
      `| read ceiling (bare route, constant) | ${readCeiling.max.requestsPerSecond.toFixed(0)} | | | | ${readCeiling.max.p99} | ${readCeiling.half.p99} | ${readCeiling.max.errors} |`,
      `| write ceiling (bare route, durable insert) | ${writeCeiling.max.requestsPerSecond.toFixed(0)} | | | | ${writeCeiling.max.p99} | ${writeCeiling.half.p99} | ${writeCeiling.max.errors} |`,
      `| POST /api/auth/login (argon2id, 4 connections) | ${loginMeasure.requestsPerSecond.toFixed(1)} | | | slow by design | ${loginMeasure.p99} | | ${loginMeasure.errors} |`,
    ];
    console.log(`\nAPI on loopback, ${seconds} s per run, ${connections} connections\n\n${table.join('\n')}\n`);
  } finally {
    ceiling.stop();
    api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
