import { describe, expect, it } from 'vitest';
import { ViewDeduplicator } from '../src/blog/view-counter.ts';

describe('view deduplicator', () => {
  it('counts a reader once per post within the window, and forgets the pair once the window has passed', () => {
    let now = 0;
    const views = new ViewDeduplicator(1_000, () => now);
    expect([views.shouldCount('192.0.2.1', 1), views.shouldCount('192.0.2.1', 1), views.shouldCount('192.0.2.1', 2)]).toEqual([
      true,
      false,
      true,
    ]);
    now = 500;
    views.shouldCount('192.0.2.2', 1);
    expect(views.size).toBe(3);
    now = 1_000;
    expect(views.shouldCount('192.0.2.3', 1)).toBe(true);
    expect(views.size).toBe(2);
    expect(views.shouldCount('192.0.2.2', 1)).toBe(false);
  });
});
