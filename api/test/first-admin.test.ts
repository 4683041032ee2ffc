import { describe, expect, it } from 'vitest';
import { nameFromEmail } from '../src/auth/first-admin.ts';
import { admins } from '../src/db/schema.ts';
import { buildTestApp } from './helper.ts';

describe('the first superAdmin', () => {
  it.each([
    ['direction@centre.cm', 'Direction'],
    ['jean.ndzi@centre.cm', 'Jean Ndzi'],
    ['jean-paul_essomba@centre.cm', 'Jean-Paul Essomba'],
    ['élodie.mbarga@centre.cm', 'Élodie Mbarga'],
  ])('without ADMIN_USERNAME, %s signs posts as %s', (email, name) => {
    expect(nameFromEmail(email)).toBe(name);
  });

  it('is named from ADMIN_USERNAME, or else from the e-mail, never a generic "Administrator"', async () => {
    const named = await buildTestApp();
    expect(named.db.select({ username: admins.username }).from(admins).get()?.username).toBe('Owner');
    const unnamed = await buildTestApp({ env: { ADMIN_USERNAME: '', ADMIN_EMAIL: 'aline.fouda@centre.cm' } });
    expect(unnamed.db.select({ username: admins.username }).from(admins).get()?.username).toBe('Aline Fouda');
  });
});
