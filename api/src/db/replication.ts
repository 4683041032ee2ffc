import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, DatabaseReplica } from '../config.ts';

/** The Litestream binary that @flydotio/litestream installs for this machine (linux or darwin, x64 or arm64). */
export function litestreamBinary(): string {
  const wrapper = fileURLToPath(import.meta.resolve('@flydotio/litestream'));
  return path.join(path.dirname(wrapper), '..', `litestream-${process.platform}-${process.arch}`, 'litestream');
}

/** Litestream's configuration: the database and its S3 replica. The keys stay in the environment. */
export function litestreamConfig(databasePath: string, replica: DatabaseReplica): string {
  const { connection, bucket, prefix, syncIntervalSeconds } = replica;
  return `${JSON.stringify(
    {
      dbs: [
        {
          path: databasePath,
          replicas: [
            {
              type: 's3',
              bucket,
              path: prefix.replace(/\/$/, ''),
              endpoint: connection.endpoint,
              region: connection.region,
              'force-path-style': true,
              'sync-interval': `${syncIntervalSeconds}s`,
            },
          ],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** Writes the configuration beside the database and gives the command line and environment that use it. */
export function litestreamCommand(
  { dataDir, systemEnv }: Pick<Config, 'dataDir' | 'systemEnv'>,
  databasePath: string,
  replica: DatabaseReplica,
  args: string[],
) {
  const configFile = path.join(dataDir, 'litestream.yml');
  writeFileSync(configFile, litestreamConfig(databasePath, replica));
  return {
    command: litestreamBinary(),
    args: [args[0] as string, '-config', configFile, ...args.slice(1)],
    env: {
      ...systemEnv,
      LITESTREAM_ACCESS_KEY_ID: replica.connection.accessKey,
      LITESTREAM_SECRET_ACCESS_KEY: replica.connection.secretKey,
    },
  };
}

export interface Replication {
  /** Lets Litestream copy what is left, then stops it. */
  stop(): Promise<void>;
}

/**
 * Litestream copies every new page of the database's WAL to S3 each sync interval, and a
 * snapshot when it starts a generation. It runs as a child of this process, under a shell
 * that stops it when this process's end of its stdin closes: even when this process is killed
 * (SIGKILL, a crash), no replicator is left running beside the next start's.
 */
export function startReplication(
  config: Pick<Config, 'dataDir' | 'systemEnv'>,
  databasePath: string,
  replica: DatabaseReplica,
  log: FastifyBaseLogger,
): Replication {
  const { command, args, env } = litestreamCommand(config, databasePath, replica, ['replicate']);
  const quoted = [command, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const child: ChildProcess = spawn(
    'sh',
    ['-c', `${quoted} & replicator=$!; cat >/dev/null; kill -TERM $replicator; wait $replicator`],
    {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  for (const output of [child.stdout, child.stderr]) {
    output?.setEncoding('utf8');
    output?.on('data', (text: string) => {
      for (const line of text.split('\n').filter(Boolean)) {
        if (/level=(ERROR|WARN)/.test(line)) log.warn({ component: 'litestream' }, `database replica: ${line}`);
        else log.debug({ component: 'litestream' }, line);
      }
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  log.info(`database replicated to s3://${replica.bucket}/${replica.prefix} every ${replica.syncIntervalSeconds} s`);
  return {
    async stop() {
      child.stdin?.end();
      await exited;
    },
  };
}

/**
 * Rebuilds the database from its replica, as of the last sync, into a data directory that has
 * none (a new server, or the old one after the disk was lost). Litestream picks the newest
 * generation and applies its snapshot and WAL segments.
 */
export async function restoreFromReplica(
  config: Pick<Config, 'dataDir' | 'systemEnv'>,
  databasePath: string,
  replica: DatabaseReplica,
): Promise<void> {
  if (existsSync(databasePath)) {
    throw new Error(`${databasePath} exists: the replica is restored only where there is no database (move it away first)`);
  }
  const { command, args, env } = litestreamCommand(config, databasePath, replica, ['restore', '-o', databasePath, databasePath]);
  try {
    await promisify(execFile)(command, args, { env });
  } catch (error) {
    const output = String((error as { stderr?: string }).stderr ?? '');
    const cause = output.match(/error="([^"]+)"/)?.[1] ?? output.trim().split('\n').at(-1);
    throw new Error(
      `the replica s3://${replica.bucket}/${replica.prefix} could not be restored: ${cause || (error as Error).message}`,
    );
  }
}
