import { request } from 'node:http';
import { scaled } from '@cfp/test-support/time-scale';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ProcessingQueue } from '../src/images/processing-queue.ts';
import { buildTestApp, loginAs } from './helper.ts';
import { waitUntil } from './support/waiting.ts';

function multipartImage(body: Buffer) {
  const boundary = 'cfpLoadBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Milliseconds for one GET /api/health over real HTTP. */
function timeHealth(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      response.once('end', () =>
        response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${response.statusCode}`)),
      );
    });
    call.once('error', reject);
    call.end();
  });
}

describe('image processing under load', () => {
  it(
    'keeps answering /api/health while eight 40-megapixel 16-bit PNGs are uploaded at once',
    async () => {
      const app = await buildTestApp();
      const token = await loginAs(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const big = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: { r: 10, g: 90, b: 60 } } })
        .toColourspace('rgb16')
        .png({ compressionLevel: 6 })
        .toBuffer();
      const { payload, contentType } = multipartImage(big);

      let uploading = true;
      const uploads = Promise.all(
        Array.from({ length: 8 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/images',
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
            payload,
          }),
        ),
      ).finally(() => {
        uploading = false;
      });
      // A health check every 50 ms for as long as the uploads run; one after another with no pause,
      // some 15,000 of them took the uploads' cores and a third of the test's CPU time.
      const healthTimes: number[] = [];
      const healthErrors: unknown[] = [];
      await waitUntil(
        async () => {
          await timeHealth(port).then(
            (ms) => healthTimes.push(ms),
            (error) => healthErrors.push(error),
          );
          return !uploading;
        },
        'the uploads answered',
        { timeoutMs: 170_000, everyMs: 50 },
      );
      const responses = await uploads;

      const slowest = Math.max(...healthTimes);
      console.log(`/api/health max ${slowest.toFixed(0)} ms over ${healthTimes.length} calls during 8 parallel 40 MP uploads`);
      // The images are decoded off the event loop: the API answers all along. How fast is a
      // figure for a quiet machine (pnpm bench), not for a test that shares its cores.
      expect(healthErrors).toEqual([]);
      expect(healthTimes.length).toBeGreaterThan(5);
      for (const response of responses) {
        if (response.statusCode === 503) expect(response.headers['retry-after']).toBeDefined();
        else expect(response.statusCode).toBe(201);
      }
      // Alone this takes ~15 s; beside a site build and a browser test, three or four times that.
    },
    scaled(180_000),
  );

  it('runs at most its slots at once, queues a bounded number and refuses the rest', async () => {
    const queue = new ProcessingQueue(2, 3);
    let running = 0;
    let mostAtOnce = 0;
    // Each job runs until the test lets it finish, in the order they started.
    const finishers: Array<() => void> = [];
    const job = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((finish) => finishers.push(finish));
      running -= 1;
      return 'done';
    };
    const accepted = Array.from({ length: 7 }, () => queue.tryRun(job));
    expect(accepted.map((result) => result !== undefined)).toEqual([true, true, true, true, true, false, false]);
    const results = Promise.all(accepted.filter((result) => result !== undefined));
    for (let finished = 0; finished < 5; finished += 1) {
      const started = Math.min(5, finished + 2);
      await waitUntil(() => finishers.length === started, `${started} jobs started`);
      expect(running).toBe(Math.min(2, 5 - finished));
      finishers[finished]?.();
    }
    expect(await results).toEqual(Array(5).fill('done'));
    expect(mostAtOnce).toBe(2);
    expect(queue.tryRun(job)).toBeDefined();
  });
});
