import { adminPaths } from '@cfp/shared';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router.tsx';

/** Every address of adminPaths, a parameter filled with a sample value. */
function everyPath(paths: object = adminPaths): string[] {
  return Object.values(paths).flatMap((value) => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [value('sample-1')];
    return everyPath(value);
  });
}

describe("the admin's paths", () => {
  it('each lead to a screen of the router, not to the not-found page', () => {
    const addresses = everyPath();
    expect(addresses.length).toBeGreaterThan(15);
    for (const address of addresses) {
      const deepest = matchRoutes(routes, address.split('?')[0] ?? address)?.at(-1)?.route;
      expect(deepest, address).toBeDefined();
      expect(deepest?.path, address).not.toBe('*');
    }
  });
});
