import { weakPasswordMessage } from '@cfp/shared';
import { checkPasswordStrength, minimumPasswordScore } from '@cfp/shared/password-strength';
import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from '../src/auth/first-admin.ts';
import { StrengthEstimator } from '../src/auth/passwords.ts';
import { ConfigError } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildTestApp, loginAs, temporaryDirectory, testAdmin, testConfig } from './helper.ts';
import { cliEnv, cliTestTimeoutMs, runCli } from './support/cli.ts';
import { strongPassphrase, weakPasswords } from './support/weak-passwords.ts';

describe('the shared password strength checker', () => {
  it.each(weakPasswords)('refuses %s with advice in English', (password) => {
    const strength = checkPasswordStrength(password);
    expect(strength.score).toBeLessThan(minimumPasswordScore);
    expect(strength.acceptable).toBe(false);
    expect(weakPasswordMessage(strength)).toMatch(/^password is too easy to guess: [A-Z]/);
  });

  it('accepts a passphrase of unrelated words', () => {
    expect(checkPasswordStrength(strongPassphrase)).toMatchObject({ acceptable: true, score: 4 });
  });

  it('refuses passwords from the leaked-password list and built on the account’s own e-mail or name', () => {
    expect(checkPasswordStrength('iloveyou1234').acceptable).toBe(false);
    expect(checkPasswordStrength('nkoabangcameroun').acceptable).toBe(false);
    expect(checkPasswordStrength('jean.dupont@cfp.cm!', ['jean.dupont@cfp.cm', 'Jean Dupont']).acceptable).toBe(false);
    expect(checkPasswordStrength('jeandupont2026', ['jean.dupont@cfp.cm']).acceptable).toBe(false);
  });
});

describe('POST /api/auth/password/strength, the admin’s strength meter', () => {
  const ask = (app: Awaited<ReturnType<typeof buildTestApp>>, token: string | undefined, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/password/strength',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });

  it('answers a signed-in admin with the estimator the API saves with, against the account’s e-mail and name', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const weak = await ask(app, token, { password: 'azertyuiop1234' });
    expect(weak.statusCode).toBe(200);
    expect(weak.json()).toEqual({ ...checkPasswordStrength('azertyuiop1234'), acceptable: false });
    const own = await ask(app, token, { password: 'paul@example.cm2026', personalWords: ['paul@example.cm', 'Paul'] });
    expect(own.json()).toMatchObject({ acceptable: false, feedback: expect.stringMatching(/personal/) });
    expect((await ask(app, token, { password: strongPassphrase })).json()).toMatchObject({ acceptable: true, score: 4 });
  });

  it('refuses a request without a session, and a password longer than any the API accepts', async () => {
    const app = await buildTestApp();
    expect((await ask(app, undefined, { password: strongPassphrase })).statusCode).toBe(401);
    const token = await loginAs(app);
    expect((await ask(app, token, { password: 'x'.repeat(257) })).statusCode).toBe(400);
    expect((await ask(app, token, { password: strongPassphrase, personalWords: ['a', 'b', 'c', 'd', 'e'] })).statusCode).toBe(
      400,
    );
  });
});

describe('ADMIN_PASSWORD', () => {
  it('stops the start with a configuration error naming the variable when it is easy to guess', async () => {
    const config = testConfig({ DATA_DIR: temporaryDirectory(), ADMIN_PASSWORD: 'centreformation2026' });
    const db = openDatabase(`${config.dataDir}/first-admin.sqlite`);
    const log = { info: () => {} } as unknown as Parameters<typeof ensureFirstAdmin>[2];
    const start = ensureFirstAdmin(db, config.firstAdmin, log);
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/ADMIN_PASSWORD: password is too easy to guess: /);
  });
});

describe('the CLI', () => {
  const cli = (dataDir: string, ...args: string[]) => runCli(args, cliEnv(dataDir));

  it(
    'refuses an easily guessed password in admin:reset-password and admin:create, and keeps the old one',
    async () => {
      const app = await buildTestApp();
      const dataDir = app.config.dataDir;
      const reset = await cli(dataDir, 'admin:reset-password', '--email', testAdmin.email, '--password', 'azertyuiop1234');
      expect(reset.code).toBe(1);
      expect(reset.stderr).toMatch(/^--password: password is too easy to guess: /);
      const create = await cli(
        dataDir,
        'admin:create',
        '--email',
        'new@centre.test',
        '--username',
        'New',
        '--password',
        'abcdabcdabcd',
      );
      expect(create.code).toBe(1);
      expect(create.stderr).toMatch(/password is too easy to guess/);
      await expect(loginAs(app)).resolves.toBeTruthy();

      expect((await cli(dataDir, 'admin:reset-password', '--email', testAdmin.email, '--password', strongPassphrase)).code).toBe(
        0,
      );
      await expect(loginAs(app, testAdmin.email, strongPassphrase)).resolves.toBeTruthy();
    },
    cliTestTimeoutMs,
  );
});

describe('the password estimator’s memory', () => {
  it('is loaded by a check, kept while the meter asks, let go after, and loaded again by the next', async () => {
    const estimator = new StrengthEstimator();
    expect(estimator.loaded).toBe(false);
    const [weak, strong] = await Promise.all([
      estimator.check('azertyuiop1234', [], 60_000),
      estimator.check(strongPassphrase, [], 60_000),
    ]);
    expect([weak.acceptable, strong.acceptable]).toEqual([false, true]);
    expect(estimator.loaded).toBe(true);
    expect((await estimator.check('jeandupont2026', ['jean.dupont@cfp.cm'], 0)).acceptable).toBe(false);
    await vi.waitFor(() => expect(estimator.loaded).toBe(false), { timeout: scaled(5_000), interval: 20 });
    expect((await estimator.check(strongPassphrase, [], 0)).acceptable).toBe(true);
  });

  it('stays loaded for the time asked after a check that keeps nothing, and goes when it has passed', async () => {
    // The idle timer on a clock the test moves: the process and its messages stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const estimator = new StrengthEstimator();
      expect((await estimator.check('azertyuiop1234', [], 0)).acceptable).toBe(false);
      estimator.keepLoaded(60_000);
      vi.advanceTimersByTime(59_999);
      expect(estimator.loaded).toBe(true);
      vi.advanceTimersByTime(1);
      expect(estimator.loaded).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
