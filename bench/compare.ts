import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  benchAdmin as admin,
  cpuTimeMs,
  median,
  pinToCpu,
  type StartedProcess,
  seedPosts,
  startApi,
  startCeilings,
  uniqueWrites,
} from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:compare <other checkout>`: an A/B of the API's read and write
 * routes between this checkout and another one (say `git worktree add /tmp/base main`, then
 * `pnpm install --offline` there), with the bare route of ceilings.ts as a third contestant.
 * Runs alternate between the contestants, round after round, so that the machine's noise falls
 * on all of them alike; the table gives medians of requests per second and of the CPU time the
 * server used per request (from /proc: Linux only), which the noise moves much less.
 * The other checkout may be this one, with BENCH_BASELINE_ENV (settings of the baseline alone) as
 * the difference. BENCH_ROUTES (list,slug,write) picks routes; BENCH_ROUNDS (5) and BENCH_SECONDS (5) the length.
 * With `taskset` on the machine, the servers run on the second CPU and the load on the first.
 */

const baselineRoot = path.resolve(process.argv[2] ?? process.env.BENCH_BASELINE ?? '');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Contestant {
  name: string;
  process: StartedProcess;
  paths: Record<string, string>;
}

interface Sample {
  requestsPerSecond: number;
  cpuMicrosecondsPerRequest: number;
}

async function measure(contestant: Contestant, route: string, write: boolean): Promise<Sample> {
  const pid = contestant.process.child.pid ?? 0;
  const cpuBefore = cpuTimeMs(pid);
  const url = `${contestant.process.url}${contestant.paths[route]}`;
  const result = await autocannon({
    ...(write ? uniqueWrites(url, (index) => ({ email: `ab${index}-${Date.now()}@bench.test` })) : { url }),
    connections,
    duration: seconds,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${contestant.name} ${route}: ${failed} failed requests`);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosecondsPerRequest: ((cpuTimeMs(pid) - cpuBefore) * 1000) / result.requests.total,
  };
}

/**
 * `BENCH_BASELINE_ENV="LOG_LEVEL=info SITE_REBUILD=local"`: settings of the baseline alone. Not for
 * V8 flags: the API's own (api/package.json nodeFlags) are on its command line, which wins over NODE_OPTIONS.
 */
const baselineEnv = Object.fromEntries(
  (process.env.BENCH_BASELINE_ENV ?? '')
    .split(/\s+(?=[A-Z_]+=)/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

async function startContestant(
  name: string,
  root: string | undefined,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Contestant> {
  const api = await startApi(dataDir, admin, { ...(root && { root }), env });
  pinToCpu(api.child.pid ?? 0, 1);
  const { slug } = await seedPosts(api.url, admin);
  return { name, process: api, paths: { list: '/api/blog', slug: `/api/blog/slug/${slug}`, write: '/api/subscriber' } };
}

async function main() {
  if (!process.argv[2] && !process.env.BENCH_BASELINE) throw new Error('Give the other checkout: bench:compare <directory>');
  const directories = [mkdtempSync(path.join(tmpdir(), 'cfp-ab-')), mkdtempSync(path.join(tmpdir(), 'cfp-ab-'))];
  const contestants = [
    await startContestant('this checkout', undefined, directories[0] as string),
    await startContestant(
      `baseline (${baselineRoot} ${process.env.BENCH_BASELINE_ENV ?? ''})`,
      baselineRoot,
      directories[1] as string,
      baselineEnv,
    ),
  ];
  const first = contestants[0] as Contestant;
  const listBody = await (await fetch(`${first.process.url}${first.paths.list}`)).text();
  const postBody = await (await fetch(`${first.process.url}${first.paths.slug}`)).text();
  const ceiling = await startCeilings(listBody, postBody);
  pinToCpu(ceiling.child.pid ?? 0, 1);
  pinToCpu(process.pid, 0);
  const bare: Contestant = { name: 'bare route', process: ceiling, paths: { list: '/constant', slug: '/post' } };
  const routes = [
    { route: 'list', label: 'GET /api/blog', write: false },
    { route: 'slug', label: 'GET /api/blog/slug/{slug}', write: false },
    { route: 'write', label: 'POST /api/subscriber', write: true },
  ].filter(({ route }) => !process.env.BENCH_ROUTES || process.env.BENCH_ROUTES.split(',').includes(route));
  const samples = new Map<string, Sample[]>();
  try {
    // Untimed: the first seconds of a process measure its JIT compiler, not its code.
    for (const { route, write } of routes) {
      for (const contestant of [...contestants, ...(write ? [] : [bare])]) await measure(contestant, route, write);
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const { route, write } of routes) {
        const field = [...contestants, ...(write ? [] : [bare])];
        // Each round starts with a different contestant: none always runs on a warmer (or hotter) machine.
        for (let turn = 0; turn < field.length; turn += 1) {
          const contestant = field[(turn + round) % field.length] as Contestant;
          const key = `${route}\t${contestant.name}`;
          samples.set(key, [...(samples.get(key) ?? []), await measure(contestant, route, write)]);
        }
      }
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }
  } finally {
    for (const { process: started } of [...contestants, bare]) started.stop();
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  }

  const lines = [
    '| route | contestant | req/s | CPU µs per request | req/s vs this checkout | CPU per request vs this checkout |',
    '|---|---|---:|---:|---:|---:|',
  ];
  const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
  for (const { route, label } of routes) {
    const ours = samples.get(`${route}\tthis checkout`) ?? [];
    for (const [key, values] of samples) {
      const [sampleRoute, name] = key.split('\t');
      if (sampleRoute !== route) continue;
      // Ratios within a round first, then their median: a slow minute of the machine cancels out.
      const rateRatio = median(values.map((sample, round) => sample.requestsPerSecond / (ours[round]?.requestsPerSecond ?? 1)));
      const cpuRatio = median(
        values.map((sample, round) => sample.cpuMicrosecondsPerRequest / (ours[round]?.cpuMicrosecondsPerRequest ?? 1)),
      );
      const rate = median(values.map((sample) => sample.requestsPerSecond));
      const cpu = median(values.map((sample) => sample.cpuMicrosecondsPerRequest));
      lines.push(
        `| ${label} | ${name} | ${rate.toFixed(0)} | ${cpu.toFixed(1)} | ${percent(rateRatio)} | ${percent(cpuRatio)} |`,
      );
    }
  }
  console.log(`\n${rounds} rounds, ${seconds} s per run, ${connections} connections\n\n${lines.join('\n')}\n`);
}

await main();
