import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';

const hsts = 'strict-transport-security';

describe('the security headers of the embedded server', () => {
  it('sends Strict-Transport-Security over HTTPS only: named by a trusted proxy, never by the client itself', async () => {
    const direct = await buildTestApp();
    for (const url of ['/api/health', '/', '/admin/login', '/api/nope']) {
      const plain = await direct.inject({ url });
      expect([url, plain.headers[hsts], plain.headers['x-content-type-options']]).toEqual([url, undefined, 'nosniff']);
      const forged = await direct.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect([url, forged.headers[hsts]]).toEqual([url, undefined]);
    }

    const behindProxy = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const overTls = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers[hsts]).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers[hsts]).toBeUndefined();
  });
});
