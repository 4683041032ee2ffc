import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/security/rate-limiter.ts';

const windows = [
  { limit: 2, windowMs: 1_000 },
  { limit: 3, windowMs: 10_000 },
];

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const heapUsedAfterGc = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const address = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

describe('rate limiter', () => {
  it('allows each window its limit, then answers with the wait of the window that is full', () => {
    let now = 0;
    const limiter = new RateLimiter(windows, () => now);
    expect([limiter.consume('a').allowed, limiter.consume('a').allowed, limiter.consume('a')]).toEqual([
      true,
      true,
      { allowed: false, retryAfterSeconds: 1 },
    ]);
    now = 1_000;
    expect(limiter.consume('a').allowed).toBe(true);
    expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 9 });
    expect(limiter.consume('b').allowed).toBe(true);
  });

  it('forgets a key once all its windows have run out, in the order its longest window started', () => {
    let now = 0;
    const limiter = new RateLimiter(windows, () => now);
    const consumeAt = (time: number, key: string) => {
      now = time;
      return limiter.consume(key);
    };
    consumeAt(0, 'a');
    consumeAt(1_000, 'b');
    consumeAt(9_500, 'a');
    consumeAt(10_200, 'a'); // a's longest window starts again: it now ends after b's
    consumeAt(11_000, 'c');
    expect(limiter.size).toBe(2);
    consumeAt(20_199, 'd');
    expect(limiter.size).toBe(3);
    consumeAt(20_200, 'd');
    expect(limiter.size).toBe(2);
  });

  it('keeps a refused key while its longest window runs, although its short window has run out', () => {
    let now = 0;
    const limiter = new RateLimiter(windows, () => now);
    for (const at of [0, 1_000, 2_000]) {
      now = at;
      limiter.consume('a');
    }
    now = 9_000;
    limiter.consume('b');
    expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('holds at most 50,000 keys, in under 10 MB (an object per window took 12 MB)', () => {
    const limiter = new RateLimiter([
      { limit: 5, windowMs: 60_000 },
      { limit: 30, windowMs: 24 * 60 * 60_000 },
    ]);
    const before = heapUsedAfterGc();
    for (let index = 1; index <= 50_000; index += 1) limiter.consume(address(index));
    const megabytes = (heapUsedAfterGc() - before) / 1024 / 1024;
    expect(megabytes).toBeLessThan(10);
    for (let index = 50_001; index <= 50_100; index += 1) limiter.consume(address(index));
    expect(limiter.size).toBe(50_000);
  });
});
