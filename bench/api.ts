import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchAdmin as admin, median, pinToCpu, seedPosts, startApi, startCeilings, uniqueWrites } from './support.ts';

/**
 * `pnpm bench`: API throughput and p99 latency on loopback, each as a ratio to its ceiling
 * measured in the same run (bench/ceilings.ts). Prints one table. Not part of the tests.
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const readRounds = Number(process.env.BENCH_READ_ROUNDS ?? 3);

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

interface Row {
  name: string;
  max: Measure;
  half: Measure;
  bound: Measure;
  boundHalf: Measure;
  ratio: number;
  target: number;
  write: boolean;
}

/** The run of median throughput. */
const medianMeasure = (runs: Measure[]): Measure => {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)] as Measure;
};

const writeRow = (name: string, measured: { max: Measure; half: Measure }, bound: { max: Measure; half: Measure }): Row => ({
  name,
  ...measured,
  bound: bound.max,
  boundHalf: bound.half,
  ratio: measured.max.requestsPerSecond / bound.max.requestsPerSecond,
  target: 0.8,
  write: true,
});

async function measurePair(options: autocannon.Options): Promise<{ max: Measure; half: Measure }> {
  const max = await run(options);
  const half = await run({ ...options, overallRate: Math.max(1, Math.floor(max.requestsPerSecond / 2)) });
  return { max, half };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-bench-'));
  const api = await startApi(dataDir, admin);
  const base = api.url;
  const { slug } = await seedPosts(base, admin);
  const listBody = await (await fetch(`${base}/api/blog`)).text();
  const postBody = await (await fetch(`${base}/api/blog/slug/${slug}`)).text();

  const ceiling = await startCeilings(listBody, postBody);
  pinToCpu(api.child.pid ?? 0, 1);
  pinToCpu(ceiling.child.pid ?? 0, 1);
  pinToCpu(process.pid, 0);
  const rows: Row[] = [];
  const ceilingRows: Array<readonly [string, { max: Measure; half: Measure }]> = [];
  try {
    const writeCeiling = await measurePair(uniqueWrites(`${ceiling.url}/insert`, (index) => ({ email: `c${index}@bench.test` })));

    // Each read and its bound (a bare route sending the same body) take turns, round after round;
    // each round gives a ratio, the table their median.
    const reads = [
      { name: 'GET /api/blog (list)', url: `${base}/api/blog`, boundUrl: `${ceiling.url}/constant` },
      { name: 'GET /api/blog/slug/{slug}', url: `${base}/api/blog/slug/${slug}`, boundUrl: `${ceiling.url}/post` },
    ];
    const runsOf = new Map<string, Measure[]>();
    const field = reads.flatMap((read) => [read.boundUrl, read.url]);
    for (let round = 0; round < readRounds; round += 1) {
      for (let turn = 0; turn < field.length; turn += 1) {
        const url = field[(turn + round) % field.length] as string;
        runsOf.set(url, [...(runsOf.get(url) ?? []), await run({ url })]);
      }
    }
    const halfRate = async (url: string) =>
      run({ url, overallRate: Math.max(1, Math.floor(median((runsOf.get(url) ?? []).map((r) => r.requestsPerSecond)) / 2)) });
    for (const read of reads) {
      const runs = runsOf.get(read.url) ?? [];
      const boundRuns = runsOf.get(read.boundUrl) ?? [];
      const ratios = runs.map((measure, round) => measure.requestsPerSecond / (boundRuns[round]?.requestsPerSecond ?? 1));
      const bound = { max: medianMeasure(boundRuns), half: await halfRate(read.boundUrl) };
      rows.push({
        name: read.name,
        max: medianMeasure(runs),
        half: await halfRate(read.url),
        bound: bound.max,
        boundHalf: bound.half,
        ratio: median(ratios),
        target: 0.8,
        write: false,
      });
      ceilingRows.push([`read ceiling for ${read.name} (bare route, same body)`, bound]);
    }

    const subscribe = await measurePair(
      uniqueWrites(`${base}/api/subscriber`, (index) => ({ email: `reader${index}-${Date.now()}@bench.test` })),
    );
    rows.push(writeRow('POST /api/subscriber (write)', subscribe, writeCeiling));
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
    rows.push(writeRow('POST /api/contact (write)', contact, writeCeiling));
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
      ...rows.map(({ name, max, half, bound, boundHalf, ratio, target, write }) => {
        // A write's p99 is set by the disk's flush: held to the bare insert's, plus 10 ms.
        const p99Bound = write ? boundHalf.p99 + 10 : 10;
        const verdict = ratio >= target && half.p99 < p99Bound ? 'ok' : 'MISSED';
        return `| ${name} | ${max.requestsPerSecond.toFixed(0)} | ${bound.requestsPerSecond.toFixed(0)} | ${(ratio * 100).toFixed(0)} % | ≥ ${target * 100} %, p99 < ${p99Bound} ms: ${verdict} | ${max.p99} | ${half.p99} | ${max.errors + half.errors} |`;
      }),
      ...[...ceilingRows, ['write ceiling (bare route, durable insert)', writeCeiling] as const].map(
        ([name, { max, half }]) =>
          `| ${name} | ${max.requestsPerSecond.toFixed(0)} | | | | ${max.p99} | ${half.p99} | ${max.errors + half.errors} |`,
      ),
      `| POST /api/auth/login (argon2id, 4 connections) | ${loginMeasure.requestsPerSecond.toFixed(1)} | | | slow by design | ${loginMeasure.p99} | | ${loginMeasure.errors} |`,
    ];
    console.log(
      `\nAPI on loopback, ${seconds} s per run, ${connections} connections; reads: median of ${readRounds} rounds against the bare route\n\n${table.join('\n')}\n`,
    );
  } finally {
    ceiling.stop();
    api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
