import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../src/blog/response-cache.ts';

describe('response cache', () => {
  it('builds an answer once until it is cleared', () => {
    const cache = new ResponseCache();
    let builds = 0;
    const build = () => {
      builds += 1;
      return { builds };
    };
    expect([cache.get('list', build), cache.get('list', build)].map(({ body }) => String(body))).toEqual([
      '{"builds":1}',
      '{"builds":1}',
    ]);
    cache.clear();
    expect(String(cache.get('list', build).body)).toBe('{"builds":2}');
  });

  it('starts afresh rather than hold more bytes than its budget, counting bytes, not characters', () => {
    const cache = new ResponseCache(10_000, 1_000, 100);
    // 48 bytes each: {"text":"…"} around 37 characters, one of them (é) two bytes long.
    const post = (index: number) => () => ({ text: `${index}é`.padEnd(36, '.') });
    cache.get('id:1', post(1));
    cache.get('id:2', post(2));
    expect(cache.bytes).toBe(96);
    expect(cache.getIfPresent('id:1')).toBeDefined();
    cache.get('id:3', post(3));
    expect(cache.bytes).toBe(48);
    expect(cache.getIfPresent('id:1')).toBeUndefined();
    expect(cache.getIfPresent('id:3')).toBeDefined();
  });
});
