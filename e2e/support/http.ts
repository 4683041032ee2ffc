import { get, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent on the wire. */
  body: Buffer;
  /** The body once the content encoding is undone. */
  decoded: () => string;
}

/** A GET through node:http, not fetch: fetch would undo the compression before a test could see it. */
export function rawGet(url: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = () =>
          (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, decoded });
      });
    }).on('error', reject);
  });
}

export interface TextAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The whole answer to a node:http or node:https request, its body as text. */
export function readAnswer(response: IncomingMessage): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      body += chunk;
    });
    response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    response.on('error', reject);
  });
}
