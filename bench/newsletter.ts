import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { median, startApi } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:newsletter`: queueing a newsletter for SUBSCRIBERS (10,000)
 * confirmed subscribers, POST /api/newsletter/sends through the real API on a real database file
 * (the send, then one INSERT … SELECT of a row per recipient, in one transaction). Fails when the
 * median passes 1 s (decision 0040).
 */

const subscriberCount = Number(process.env.SUBSCRIBERS ?? 10_000);
const runs = 5;
const targetMs = 1000;
const admin = { email: 'newsletter@centre.test', password: 'newsletter bench passphrase' };
// SMTP is configured (a send needs it) but nothing listens there: the bench times the queueing, not the sending.
const env = {
  // Its e-mails then fail to connect and are deferred, a warning each: only errors are printed.
  LOG_LEVEL: 'error',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'bench@centre.test',
  CONTACT_INBOX: 'bench@centre.test',
  NEWSLETTER_RATE_PER_MINUTE: '1',
};

function seed(file: string): void {
  const db = new Database(file);
  const insert = db.prepare(
    `insert into subscribers (email, status, unsubscribe_token, language, confirmed_at) values (?, 'confirmed', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let index = 0; index < subscriberCount; index += 1)
      insert.run(`reader${index}@example.cm`, `token-${index}`, index % 4 === 0 ? 'en' : 'fr', Date.now());
  })();
  db.close();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-newsletter-'));
  try {
    const first = await startApi(dataDir, admin, { env });
    first.stop();
    await new Promise((resolve) => first.child.once('exit', resolve));
    seed(path.join(dataDir, 'centre.sqlite'));

    const { url, child, stop } = await startApi(dataDir, admin, { env });
    try {
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { Token } = (await login.json()) as { Token: string };
      const samples: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        const response = await fetch(`${url}/api/newsletter/sends`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${Token}` },
          body: JSON.stringify({
            source: { kind: 'announcement', subject: `Annonce ${run}`, html: '<p>Portes ouvertes samedi.</p>' },
          }),
        });
        samples.push(performance.now() - started);
        const { recipients } = (await response.json()) as { recipients: number };
        if (response.status !== 201 || recipients !== subscriberCount)
          throw new Error(`the send answered ${response.status} with ${recipients} recipients`);
      }
      const middle = median(samples);
      const ok = middle < targetMs;
      console.log(`
## Queueing a newsletter for ${subscriberCount.toLocaleString('en-US')} subscribers (POST /api/newsletter/sends, ${runs} runs)

median ${middle.toFixed(1)} ms, worst ${Math.max(...samples).toFixed(1)} ms (< ${targetMs} ms: ${ok ? 'ok' : 'MISSED'})
`);
      if (!ok) process.exitCode = 1;
    } finally {
      stop();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
