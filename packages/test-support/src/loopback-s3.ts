/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterEach } from 'vitest';

/** A real S3-compatible server on 127.0.0.1 (s3rver), on a free port, with the images' bucket (and others if asked). */
export async function startLoopbackS3(
  bucket = 'centre-formation',
  options: { port?: number; directory?: string; otherBuckets?: string[] } = {},
) {
  const ownDirectory = options.directory ? undefined : mkdtempSync(path.join(tmpdir(), 'cfp-s3-'));
  const directory = options.directory ?? (ownDirectory as string);
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [bucket, ...(options.otherBuckets ?? [])].map((name) => ({ name })),
  });
  const { port } = await server.run();
  const close = async () => {
    await server.close();
    if (ownDirectory) rmSync(ownDirectory, { recursive: true, force: true });
  };
  afterEach(close);
  return {
    port,
    directory,
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_PUBLIC_URL: `http://127.0.0.1:${port}/${bucket}`,
    },
    close,
  };
}
