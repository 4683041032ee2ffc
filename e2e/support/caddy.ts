import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cfp/test-support/free-port';
import { waitFor } from '@cfp/test-support/waiting';
import { readAnswer, type TextAnswer } from './http.ts';

const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningCaddy {
  httpPort: number;
  httpsPort: number;
  /** Caddy's own authority (TLS=internal), which signed the certificates it serves. */
  authority: Buffer;
  stop: () => void;
}

/**
 * Debian's Caddy on loopback, started by deploy/caddy/start.sh with the product's Caddyfile as
 * the `caddy` service of docker-compose.yml runs it, with TLS=internal, in front of `upstream`.
 */
export async function startCaddy(work: string, upstream: string, addresses: Record<string, string>): Promise<RunningCaddy> {
  mkdirSync(work, { recursive: true });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  let output = '';
  const caddy = spawn('sh', [path.join(workspaceRoot, 'deploy/caddy/start.sh')], {
    env: {
      PATH: process.env.PATH,
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'data'),
      XDG_CONFIG_HOME: path.join(work, 'config'),
      CADDYFILE: path.join(workspaceRoot, 'deploy/caddy/Caddyfile'),
      ...addresses,
      TLS: 'internal',
      BIND: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      UPSTREAM: upstream,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [caddy.stdout, caddy.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const rootFile = path.join(work, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const running: RunningCaddy = { httpPort, httpsPort, authority: Buffer.alloc(0), stop: () => caddy.kill('SIGTERM') };
  await waitFor(
    async () => {
      if (caddy.exitCode !== null || !existsSync(rootFile)) return false;
      running.authority = readFileSync(rootFile);
      const host = new URL(addresses.PUBLIC_SITE_URL ?? '').hostname;
      return (await overTls(running, host, '/').catch(() => ({ status: 0 }))).status > 0;
    },
    20_000,
    () => output,
  );
  return running;
}

/** A request over HTTPS to a host name Caddy serves, checked against its authority, optionally from another loopback address. */
export function overTls(
  caddy: RunningCaddy,
  host: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    request(
      {
        host: '127.0.0.1',
        port: caddy.httpsPort,
        servername: host,
        ca: caddy.authority,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => readAnswer(response).then(resolve, reject),
    )
      .on('error', reject)
      .end(options.body);
  });
}
