import { startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';

describe('the settings the admin app follows', () => {
  it('gives the centre’s time zone and says that no e-mail is sent without SMTP', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { authorization: `Bearer ${await loginAs(app)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ timeZone: 'Africa/Douala', mail: false });
  });

  it('follows TIME_ZONE and says that e-mail is sent when SMTP is set', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, TIME_ZONE: 'Africa/Lagos' } });
    const response = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { authorization: `Bearer ${await loginAs(app)}` },
    });
    expect(response.json()).toEqual({ timeZone: 'Africa/Lagos', mail: true });
  });
});
