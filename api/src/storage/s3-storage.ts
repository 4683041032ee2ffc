import { Client } from 'minio';
import type { Storage } from './storage.ts';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  publicUrl: string;
}

export function createS3Storage(options: S3Options): Storage {
  const endpoint = new URL(options.endpoint);
  const client = new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: endpoint.protocol === 'https:',
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: true,
  });
  const { bucket } = options;

  return {
    driver: 's3',
    async put(key, body, contentType) {
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    async get(key) {
      try {
        const info = await client.statObject(bucket, key);
        const body = await client.getObject(bucket, key);
        return { body, size: info.size, contentType: info.metaData['content-type'] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey')
          return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.removeObject(bucket, key);
    },
    publicUrl(key) {
      return `${options.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    async *list(prefix) {
      for await (const item of client.listObjectsV2(bucket, prefix, true)) {
        if (item.name) yield item.name as string;
      }
    },
    async check() {
      if (!(await client.bucketExists(bucket))) throw new Error(`Bucket ${bucket} does not exist`);
    },
  };
}
