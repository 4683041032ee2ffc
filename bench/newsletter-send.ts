import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NewsletterOverview, NewsletterSend } from '@cfp/shared';
import Database from 'better-sqlite3';

/**
 * A newsletter send under way during `bench:load:newsletter`: `count` confirmed subscribers
 * written to the API's database (a tenth of them English), then an announcement sent to them
 * through the API, whose answer comes once every recipient is queued.
 */
export async function startNewsletterSend(
  url: string,
  auth: Record<string, string>,
  dataDir: string,
  count: number,
): Promise<{ queuedMs: number; progress: () => Promise<NewsletterSend> }> {
  const db = new Database(path.join(dataDir, 'centre.sqlite'));
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

  const started = performance.now();
  const response = await fetch(`${url}/api/newsletter/sends`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      source: {
        kind: 'announcement',
        subject: 'La rentrée d’octobre',
        html: `<p>${'Les inscriptions pour la rentrée du 5 octobre sont ouvertes. '.repeat(12)}</p>`,
      },
    }),
  });
  const queuedMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`the send was refused: ${response.status} ${await response.text()}`);
  const { _id } = (await response.json()) as NewsletterSend;
  const progress = async () => {
    const overview = (await (await fetch(`${url}/api/newsletter`, { headers: auth })).json()) as NewsletterOverview;
    const send = overview.sends.find((candidate) => candidate._id === _id);
    if (!send) throw new Error(`send ${_id} is not listed`);
    return send;
  };
  return { queuedMs, progress };
}
