import http, { type ClientRequest, type RequestOptions } from 'node:http';
import https from 'node:https';
import { Client } from 'minio';
import type { S3Settings } from '../config.ts';
import type { Storage } from './storage.ts';

interface S3Options extends S3Settings {
  /** A request whose socket stays silent this long (connecting, waiting, streaming) is abandoned. */
  timeoutMs?: number;
  /** Connections kept to the S3 server at most; further requests wait for one. */
  maxSockets?: number;
}

const s3Defaults = { timeoutMs: 5000, maxSockets: 16 };

/**
 * The minio client sets no timeout of its own: a bucket that accepts connections and never
 * answers held every request (and its socket) forever. Each request gets an idle deadline, and
 * one keep-alive agent bounds the sockets.
 */
function boundedTransport(secure: boolean, timeoutMs: number) {
  const protocol = secure ? https : http;
  return {
    request(options: RequestOptions, onResponse?: (response: http.IncomingMessage) => void): ClientRequest {
      const request = protocol.request(options, onResponse);
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`S3 request timed out after ${timeoutMs} ms`)));
      return request;
    },
  } as Pick<typeof http, 'request'>;
}

/** A client of the S3 server with bounded sockets and an idle deadline on every request. */
export function createS3Client(options: Omit<S3Options, 'bucket' | 'publicUrl'>): Client {
  const endpoint = new URL(options.endpoint);
  const secure = endpoint.protocol === 'https:';
  const { timeoutMs, maxSockets } = { ...s3Defaults, ...options };
  const agentOptions = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets };
  return new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    useSSL: secure,
    transport: boundedTransport(secure, timeoutMs),
    transportAgent: secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions),
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region,
    pathStyle: true,
  });
}

export function createS3Storage(options: S3Options): Storage {
  const client = createS3Client(options);
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
