import { startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../src/security/client-address.ts';
import { buildTestApp } from './helper.ts';

/** Addresses that one client picks at will inside its /64. */
const sameNetwork = (index: number) =>
  `2001:db8:1:2:${((index * 7919) % 0xffff).toString(16)}:${index.toString(16)}:5eed:${(index + 1).toString(16)}`;

describe('the key of a client address for every per-address limit', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::ffff:cb00:7105', '203.0.113.5'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:5::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['[2001:db8:1:2::7]', '2001:db8:1:2::/64'],
    ['[203.0.113.5]', '203.0.113.5'],
    ['garbage', 'not-an-address'],
    ['203.0.113.5:8080', 'not-an-address'],
    ['', 'not-an-address'],
    ['2001:db8::1::2', 'not-an-address'],
  ])('%s counts as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });
});

describe('per-address limits against one IPv6 client', () => {
  const application = {
    programme: 'soudure',
    firstName: 'Jean-Paul',
    lastName: 'Essomba',
    town: 'Nkoabang',
    level: 'cep',
    schedule: 'jour',
    consent: true,
  };

  it('refuses the applications of one /64 past the limit, whatever address of it each comes from', async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) {
      const payload = { ...application, phone: `6 99 12 ${String(index).padStart(2, '0')} 00` };
      const response = await app.inject({ method: 'POST', url: '/api/applications', payload, remoteAddress: sameNetwork(index) });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual(new Array(55).fill(429));
    const neighbour = await app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: { ...application, phone: '6 77 00 11 22' },
      remoteAddress: '2001:db8:1:3::1',
    });
    expect(neighbour.statusCode).toBe(201);
  });

  it('locks out the login guesses of one /64 past the per-address limit', async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${index}@centre.test`, password: 'not the password at all' },
        remoteAddress: sameNetwork(index),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('limits the reset requests of one /64, and of an IPv4 client however its address is written', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const forgot = (index: number, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: `someone${index}@centre.test` },
        remoteAddress,
      });
    const fromNetwork: number[] = [];
    for (let index = 0; index < 6; index += 1) fromNetwork.push((await forgot(index, sameNetwork(index))).statusCode);
    expect(fromNetwork).toEqual([202, 202, 202, 202, 202, 429]);
    const fromIpv4: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      fromIpv4.push((await forgot(index, index % 2 === 0 ? '203.0.113.5' : '::ffff:203.0.113.5')).statusCode);
    }
    expect(fromIpv4).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
