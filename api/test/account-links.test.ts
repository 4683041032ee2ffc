import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountTokens, auditLog } from '../src/db/schema.ts';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';
import { keepPasswordEstimatorLoaded } from './support/password-estimator.ts';
import { waitUntil } from './support/waiting.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const newcomer = { username: 'Awa Mballa', email: 'awa.mballa@centre.test', role: 'admin' };
const chosenPassword = 'mangrove lantern quietly eleven';

/** The token of the last link e-mailed to `to`, as the person would open it. */
function linkTokenFor(smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>, to: string): string {
  const mail = smtp.received.filter((received) => received.to.includes(to)).at(-1);
  const token = mailText(mail).match(/\/set-password#token=([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no link e-mailed to ${to}: ${mailText(mail)}`);
  return token;
}

async function waitForMail(smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>, count: number) {
  await waitUntil(() => smtp.received.length >= count, `${count} e-mails received`);
  expect(smtp.received).toHaveLength(count);
}

const post = (app: FastifyInstance, url: string, payload: Record<string, unknown>, remoteAddress = '203.0.113.9') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

const login = (app: FastifyInstance, email: string, password: string) =>
  post(app, '/api/auth/login', { email, password }, '198.51.100.4');

const auditActions = (app: FastifyInstance) =>
  app.db
    .select({ action: auditLog.action, target: auditLog.target })
    .from(auditLog)
    .all()
    .filter((entry) => !entry.action.startsWith('login.'));

keepPasswordEstimatorLoaded();

describe('invitations', () => {
  it('e-mails a new admin a single-use link; they choose their password with it and sign in', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const token = await loginAs(app);
    const created = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: newcomer });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Account created successfully! An invitation to choose a password was emailed to awa.mballa@centre.test.',
      admin: { email: newcomer.email, invitation: 'pending' },
    });
    expect(smtp.received).toHaveLength(1);
    const mail = mailText(smtp.received[0]);
    expect(mail).toContain('Subject: You are invited to the back-office of the training centre');
    expect(mail).toContain('Hello Awa Mballa');
    expect(mail).toContain(`${testAdmin.username} has given you an account`);
    expect(mail).toMatch(/https:\/\/www\.centre\.test\/admin\/set-password#token=[\w-]{43}/);
    expect(mail).toMatch(/until \w+, \d+ \w+ \d{4} at \d\d:\d\d \(Africa\/Douala\)/);

    // Nobody signs in to an invited account before the link is used, whatever they type.
    expect((await login(app, newcomer.email, '')).statusCode).toBe(400);
    expect((await login(app, newcomer.email, 'anything at all here')).statusCode).toBe(401);

    const linkToken = linkTokenFor(smtp, newcomer.email);
    // Only a hash of the token is kept: a copy of the database opens no account.
    expect(JSON.stringify(app.db.select().from(accountTokens).all())).not.toContain(linkToken);
    const link = await post(app, '/api/auth/password/link', { token: linkToken });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({
      purpose: 'invitation',
      username: 'Awa Mballa',
      email: newcomer.email,
      expiresAt: expect.any(String),
    });
    const hours = (Date.parse(link.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    // The meter of the page asks how strong a password is, against whose link it is; nothing is set.
    const ownName = await post(app, '/api/auth/password/link/strength', { token: linkToken, password: 'awamballa2026' });
    expect(ownName.statusCode).toBe(200);
    expect(ownName.json()).toMatchObject({ acceptable: false, feedback: expect.stringMatching(/personal/) });
    const strong = await post(app, '/api/auth/password/link/strength', { token: linkToken, password: chosenPassword });
    expect(strong.json()).toMatchObject({ acceptable: true });

    const weak = await post(app, '/api/auth/password/set', { token: linkToken, password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    const set = await post(app, '/api/auth/password/set', { token: linkToken, password: chosenPassword });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Your password is set. Sign in with it now.' });
    const again = await post(app, '/api/auth/password/set', { token: linkToken, password: `${chosenPassword} again` });
    expect(again.statusCode).toBe(410);
    expect((await post(app, '/api/auth/password/link/strength', { token: linkToken, password: chosenPassword })).statusCode).toBe(
      410,
    );
    expect(again.json()).toEqual({ message: 'This link has expired or has already been used. Ask for a new one.' });

    expect((await login(app, newcomer.email, chosenPassword)).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(list.json().find((admin: { email: string }) => admin.email === newcomer.email)).not.toHaveProperty('invitation');
    expect(auditActions(app)).toEqual([
      { action: 'admin.invite', target: 'awa.mballa@centre.test (admin)' },
      { action: 'admin.invitation_accepted', target: newcomer.email },
    ]);
  });

  it('creates nothing when the invitation cannot be e-mailed', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const token = await loginAs(app);
    await smtp.close();
    const created = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: newcomer });
    expect(created.statusCode).toBe(502);
    expect(created.json().message).toMatch(/could not be sent, so no account was created/);
    const list = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(list.json()).toHaveLength(1);
  });

  it('sends a new invitation when the first has expired; the old link no longer works', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const token = await loginAs(app);
    const created = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: newcomer });
    const id = created.json().admin._id;
    const first = linkTokenFor(smtp, newcomer.email);
    app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .run();
    expect((await post(app, '/api/auth/password/link', { token: first })).statusCode).toBe(410);
    const listed = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(listed.json()[1]).toMatchObject({ invitation: 'expired' });

    const resent = await app.inject({ method: 'POST', url: `/api/auth/${id}/invitation`, headers: bearer(token) });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      message: 'Invitation sent to awa.mballa@centre.test',
      admin: { invitation: 'pending' },
    });
    const second = linkTokenFor(smtp, newcomer.email);
    expect(second).not.toBe(first);
    expect((await post(app, '/api/auth/password/link', { token: second })).statusCode).toBe(200);

    const owner = await app.inject({ method: 'POST', url: '/api/auth/1/invitation', headers: bearer(token) });
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toEqual({ message: 'This admin has already chosen a password' });
  });

  it('spends the invitation mailed to a mistyped address once the address is corrected: the old link answers 410', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const token = await loginAs(app);
    const typo = { username: 'New Admin', email: 'newadmin@exmaple.cm', role: 'superAdmin' };
    const created = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: typo });
    const sentToTypo = linkTokenFor(smtp, typo.email);
    const corrected = await app.inject({
      method: 'PATCH',
      url: `/api/auth/${created.json().admin._id}`,
      headers: bearer(token),
      payload: { ...typo, email: 'newadmin@example.cm' },
    });
    expect(corrected.json()).toMatchObject({ admin: { email: 'newadmin@example.cm', invitation: 'expired' } });

    const set = await post(app, '/api/auth/password/set', { token: sentToTypo, password: chosenPassword });
    expect(set.statusCode).toBe(410);
    expect(set.json()).toEqual({ message: 'This link has expired or has already been used. Ask for a new one.' });
    expect((await post(app, '/api/auth/password/link', { token: sentToTypo })).statusCode).toBe(410);
  });

  it('without SMTP, asks for the password as before and says why', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const refused = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: newcomer });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^password is required: this server does not send email/);
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: bearer(token),
      payload: { ...newcomer, password: chosenPassword },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Account created successfully!');
  });

  it('lets only a superAdmin invite', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const token = await loginAs(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: bearer(token),
      payload: { ...newcomer, password: chosenPassword },
    });
    const editorToken = await loginAs(app, newcomer.email, chosenPassword);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/1/invitation',
      headers: bearer(editorToken),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('forgotten passwords', () => {
  it('answers the same for any address, e-mails a link to an admin, and the new password signs out every session', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const oldSession = await loginAs(app);

    const unknown = await post(app, '/api/auth/password/forgot', { email: 'nobody@centre.test' });
    const known = await post(app, '/api/auth/password/forgot', { email: ` ${testAdmin.email.toUpperCase()} ` });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/^If an admin account uses this address, we have sent it a link/);
    await waitForMail(smtp, 1);
    expect(smtp.received[0]?.to).toEqual([testAdmin.email]);
    expect(mailText(smtp.received[0])).toContain('Subject: Choose a new password for the back-office');

    // A second request leaves the first link valid (whoever asked); setting a password spends both.
    const first = linkTokenFor(smtp, testAdmin.email);
    await post(app, '/api/auth/password/forgot', { email: testAdmin.email });
    await waitForMail(smtp, 2);
    const second = linkTokenFor(smtp, testAdmin.email);
    expect((await post(app, '/api/auth/password/link', { token: first })).statusCode).toBe(200);
    const link = await post(app, '/api/auth/password/link', { token: second });
    expect(link.json()).toMatchObject({ purpose: 'reset', email: testAdmin.email });
    expect((Date.parse(link.json().expiresAt) - Date.now()) / 60_000).toBeLessThanOrEqual(60);

    const set = await post(app, '/api/auth/password/set', { token: second, password: chosenPassword });
    expect(set.json()).toEqual({ message: 'Your password has been changed. Sign in with it now.' });
    const validate = await app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: bearer(oldSession) });
    expect(validate.statusCode).toBe(401);
    expect((await login(app, testAdmin.email, testAdmin.password)).statusCode).toBe(401);
    expect((await login(app, testAdmin.email, chosenPassword)).statusCode).toBe(200);
    expect((await post(app, '/api/auth/password/set', { token: second, password: `${chosenPassword}!` })).statusCode).toBe(410);
    expect((await post(app, '/api/auth/password/set', { token: first, password: `${chosenPassword}!` })).statusCode).toBe(410);

    expect(auditActions(app)).toEqual([
      { action: 'password.reset_requested', target: 'no account with this address' },
      { action: 'password.reset_requested', target: testAdmin.email },
      { action: 'password.reset_requested', target: testAdmin.email },
      { action: 'password.reset', target: testAdmin.email },
    ]);
  });

  it('limits requests per address with Retry-After, and mails an account at most 3 links an hour, answering the same', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
      statuses.push((await post(app, '/api/auth/password/forgot', { email: testAdmin.email }, address)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    await waitForMail(smtp, 3);
    const fromOneAddress = [];
    for (let index = 0; index < 6; index += 1) {
      const email = `someone${index}@centre.test`;
      fromOneAddress.push(await post(app, '/api/auth/password/forgot', { email }, '192.0.2.7'));
    }
    expect(fromOneAddress.map((response) => response.statusCode)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(fromOneAddress[5]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(3);
  });

  it("does not let a stranger's requests block the owner's own reset link", async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    for (let index = 0; index < 5; index += 1) {
      expect((await post(app, '/api/auth/password/forgot', { email: testAdmin.email }, '198.51.100.66')).statusCode).toBe(202);
    }
    await waitForMail(smtp, 3);
    const owners = await post(app, '/api/auth/password/forgot', { email: testAdmin.email }, '203.0.113.20');
    expect(owners.statusCode).toBe(202);
    // Every link the stranger's requests sent to the owner's mailbox still works: none replaced another.
    const tokens = smtp.received.map((mail) => mailText(mail).match(/#token=([\w-]{43})/)?.[1] ?? '');
    for (const token of tokens)
      expect((await post(app, '/api/auth/password/link', { token }, '203.0.113.20')).statusCode).toBe(200);
    const set = await post(app, '/api/auth/password/set', { token: tokens[0], password: chosenPassword }, '203.0.113.20');
    expect(set.statusCode).toBe(200);
    expect((await login(app, testAdmin.email, chosenPassword)).statusCode).toBe(200);
  });

  it('sends Retry-After with a 429 on link checks', async () => {
    const app = await buildTestApp();
    const answers = [];
    for (let index = 0; index < 31; index += 1)
      answers.push(await post(app, '/api/auth/password/link', { token: 'A'.repeat(43) }));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 410)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
    expect(Number(answers[30]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("spends a reset link once the account's address changes: the link mailed to the old address answers 410", async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    const token = await loginAs(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: bearer(token),
      payload: { ...newcomer, password: chosenPassword },
    });
    await post(app, '/api/auth/password/forgot', { email: newcomer.email });
    await waitForMail(smtp, 1);
    const sentToOldAddress = linkTokenFor(smtp, newcomer.email);
    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${created.json().admin._id}`,
      headers: bearer(token),
      payload: { ...newcomer, email: 'awa.mballa@centre-formation.test' },
    });

    const set = await post(app, '/api/auth/password/set', { token: sentToOldAddress, password: `${chosenPassword} too` });
    expect(set.statusCode).toBe(410);
    expect(set.json()).toEqual({ message: 'This link has expired or has already been used. Ask for a new one.' });
  });

  it('says that no link can be sent when the server does not send e-mail', async () => {
    const app = await buildTestApp();
    const response = await post(app, '/api/auth/password/forgot', { email: testAdmin.email });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/does not send email.*Ask a superAdmin/);
  });

  it('refuses a malformed or unknown link without saying more', async () => {
    const app = await buildTestApp();
    const malformed = await post(app, '/api/auth/password/link', { token: 'abc' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await post(app, '/api/auth/password/set', { token: 'A'.repeat(43), password: chosenPassword });
    expect(unknown.statusCode).toBe(410);
  });
});
