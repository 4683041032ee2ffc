import { describe, expect, it } from 'vitest';
import { firstAdminMessage, listeningMessage } from '../src/start-message.ts';

const single = {
  publicUrls: { site: 'http://127.0.0.1:8080', admin: 'http://127.0.0.1:8080/admin', api: 'http://127.0.0.1:8080/api' },
  site: { serve: true },
} as Parameters<typeof listeningMessage>[1];
const split = {
  publicUrls: { site: 'https://www.centre.cm', admin: 'https://admin.centre.cm', api: 'https://api.centre.cm/api' },
  site: { serve: false },
} as Parameters<typeof listeningMessage>[1];

describe('what a start prints', () => {
  it('names the public address of each part the process serves', () => {
    expect(listeningMessage('http://127.0.0.1:8080', single)).toBe(
      'Listening on http://127.0.0.1:8080: site http://127.0.0.1:8080, admin http://127.0.0.1:8080/admin, API http://127.0.0.1:8080/api\n',
    );
  });

  it('says the site and the admin are elsewhere when this process serves only the API', () => {
    const message = listeningMessage('http://0.0.0.0:3000', split);
    expect(message).toMatch(
      /^Listening on http:\/\/0\.0\.0\.0:3000: the API only, public address https:\/\/api\.centre\.cm\/api;/,
    );
    expect(message).toContain(
      'the site (https://www.centre.cm) and the admin (https://admin.centre.cm) are served by their own hosts',
    );
    expect(message).not.toMatch(/\/admin\/|site \//);
  });

  it('boxes the generated credentials with the address to sign in at', () => {
    const lines = firstAdminMessage({ email: 'admin@example.com', password: 'Zq3-abc_DEF' }, 'https://admin.centre.cm').split(
      '\n',
    );
    const box = lines.filter((line) => line.startsWith('|'));
    expect(box.some((line) => /^\| Sign in at\s+https:\/\/admin\.centre\.cm\/login\s+\|$/.test(line))).toBe(true);
    expect(box.some((line) => /^\| email:\s+admin@example\.com\s+\|$/.test(line))).toBe(true);
    expect(box.some((line) => /^\| password:\s+Zq3-abc_DEF\s+\|$/.test(line))).toBe(true);
    // Every line of the box is as wide as its rules.
    const rules = lines.filter((line) => line.startsWith('+'));
    expect(rules).toHaveLength(2);
    const width = rules[0]?.length;
    for (const line of box) expect(line.length).toBe(width);
  });
});
