import { seedConfirmedSubscribers, sendAnnouncement } from './newsletter-send.ts';
import { median, withSeededApi } from './support.ts';

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

async function main() {
  const seed = (file: string) => seedConfirmedSubscribers(file, subscriberCount);
  await withSeededApi({ prefix: 'cfp-newsletter-', admin, env, seed }, async ({ url, headers }) => {
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const { queuedMs, send } = await sendAnnouncement(url, headers, `Annonce ${run}`);
      if (send.recipients !== subscriberCount) throw new Error(`the send queued ${send.recipients} recipients`);
      samples.push(queuedMs);
    }
    const middle = median(samples);
    const ok = middle < targetMs;
    console.log(`
## Queueing a newsletter for ${subscriberCount.toLocaleString('en-US')} subscribers (POST /api/newsletter/sends, ${runs} runs)

median ${middle.toFixed(1)} ms, worst ${Math.max(...samples).toFixed(1)} ms (< ${targetMs} ms: ${ok ? 'ok' : 'MISSED'})
`);
    if (!ok) process.exitCode = 1;
  });
}

await main();
