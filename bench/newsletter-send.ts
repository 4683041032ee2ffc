import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NewsletterOverview, NewsletterSend } from '@cfp/shared';
import Database from 'better-sqlite3';

/** Writes `count` confirmed subscribers to the API's database file, a tenth of them English. */
export function seedConfirmedSubscribers(databaseFile: string, count: number): void {
  const db = new Database(databaseFile);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into subscribers (email, status, unsubscribe_token, language, confirmed_at)
     values (?, 'confirmed', ?, ?, cast(unixepoch('subsec') * 1000 as integer))`,
  );
  db.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      insert.run(`reader${index}@newsletter.test`, randomBytes(24).toString('base64url'), index % 10 === 0 ? 'en' : 'fr');
    }
  })();
  db.close();
}

/** Sends an announcement to every confirmed subscriber: the API answers once each recipient is queued. */
export async function sendAnnouncement(
  url: string,
  headers: Record<string, string>,
  subject: string,
): Promise<{ queuedMs: number; send: NewsletterSend }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/newsletter/sends`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      source: {
        kind: 'announcement',
        subject,
        html: `<p>${'Les inscriptions pour la rentrée du 5 octobre sont ouvertes. '.repeat(12)}</p>`,
      },
    }),
  });
  const queuedMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`the send was refused: ${response.status} ${await response.text()}`);
  return { queuedMs, send: (await response.json()) as NewsletterSend };
}

/**
 * A newsletter send under way during `bench:load:newsletter`: `count` confirmed subscribers
 * written to the running API's database, then an announcement sent to them.
 */
export async function startNewsletterSend(
  url: string,
  headers: Record<string, string>,
  dataDir: string,
  count: number,
): Promise<{ queuedMs: number; progress: () => Promise<NewsletterSend> }> {
  seedConfirmedSubscribers(path.join(dataDir, 'centre.sqlite'), count);
  const { queuedMs, send } = await sendAnnouncement(url, headers, 'La rentrée d’octobre');
  const progress = async () => {
    const overview = (await (await fetch(`${url}/api/newsletter`, { headers })).json()) as NewsletterOverview;
    const current = overview.sends.find((candidate) => candidate._id === send._id);
    if (!current) throw new Error(`send ${send._id} is not listed`);
    return current;
  };
  return { queuedMs, progress };
}
