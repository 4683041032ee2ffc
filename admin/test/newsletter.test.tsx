import type { NewsletterOverview, NewsletterPreview, NewsletterSend } from '@cfp/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blogSummary, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const noCounts = { queued: 0, deferred: 0, sent: 0, failed: 0, bounced: 0, cancelled: 0 };

function send(overrides: Partial<NewsletterSend> = {}): NewsletterSend {
  return {
    _id: 1,
    subject: 'Portes ouvertes',
    kind: 'post',
    postId: 7,
    sentBy: 'Aline',
    createdAt: '2026-11-20T09:00:00.000Z',
    finishedAt: null,
    state: 'sending',
    recipients: 1000,
    counts: { ...noCounts, queued: 560, sent: 420, bounced: 2, deferred: 18 },
    ...overrides,
  };
}

function overview(overrides: Partial<NewsletterOverview> = {}): NewsletterOverview {
  return { smtp: true, recipients: { fr: 800, en: 200, total: 1000 }, sends: [], ...overrides };
}

const preview: NewsletterPreview = {
  fr: { subject: 'Portes ouvertes', html: '<p>Venez visiter les ateliers.</p>', text: 'Venez visiter les ateliers.' },
  en: {
    subject: 'Portes ouvertes',
    html: '<p>This news is only available in French.</p><p>Venez visiter les ateliers.</p>',
    text: 'This news is only available in French.\n\nVenez visiter les ateliers.',
  },
  recipients: { fr: 800, en: 200, total: 1000 },
};

const posts = [
  blogSummary({ _id: 7, title: 'Portes ouvertes', status: 'published' }),
  blogSummary({ _id: 8, title: 'Brouillon', status: 'draft' }),
];

describe('the newsletter screen', () => {
  it('previews a published post in both languages, tests it, and sends it once, again only when asked', async () => {
    let sends: NewsletterSend[] = [send({ _id: 1, state: 'done', counts: { ...noCounts, sent: 990 }, recipients: 990 })];
    let alreadySent = false;
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/blog': () => json(posts),
      'GET /api/newsletter': () => json(overview({ sends })),
      'POST /api/newsletter/preview': () => json(preview),
      'POST /api/newsletter/test': () => json({ message: 'Test sent to aline@centre.test, in French and in English.' }),
      'POST /api/newsletter/sends': (call) => {
        if (alreadySent && !(call.body as { again?: boolean }).again) {
          return json({ message: 'This post was sent on 20/11/2026.' }, 409);
        }
        alreadySent = true;
        const started = send({ _id: sends.length + 1, counts: { ...noCounts, queued: 1000 } });
        sends = [started, ...sends];
        return json(started, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/newsletter');

    expect(await screen.findByRole('heading', { name: 'Newsletter' })).toBeTruthy();
    expect(await screen.findByText('1,000 confirmed subscribers: 800 in French, 200 in English.')).toBeTruthy();
    const picker = await screen.findByRole('combobox', { name: 'Post' });
    // Only the published post can be chosen, and the list says it went out before.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Portes ouvertes (sent on 20/11/2026)']);

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(api.callsTo('POST', '/api/newsletter/preview')[0]?.body).toEqual({ source: { kind: 'post', postId: 7 } });
    const frame = await screen.findByTitle('The e-mail in French');
    expect(frame.getAttribute('srcdoc')).toBe(preview.fr.html);
    expect(frame.getAttribute('sandbox')).toBe('');
    await user.click(screen.getByRole('tab', { name: 'English (200)' }));
    expect(screen.getByTitle('The e-mail in English').getAttribute('srcdoc')).toContain('only available in French');

    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(
      await screen.findByText('Test sent to aline@centre.test, in French and in English.', { selector: '.alert' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send to 1,000 subscribers' }));
    let dialog = screen.getByRole('dialog', { name: 'Send the newsletter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to 1,000 subscribers' }));
    expect(await screen.findByText(/Sending “Portes ouvertes” to 1,000 subscribers/, { selector: '.alert' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/newsletter/sends')[0]?.body).toEqual({ source: { kind: 'post', postId: 7 } });
    // The preview is put away: what goes next is previewed again.
    expect(screen.queryByTitle('The e-mail in French')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 1,000 subscribers' }));
    dialog = screen.getByRole('dialog', { name: 'Send the newsletter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to 1,000 subscribers' }));
    dialog = await screen.findByRole('dialog', { name: 'Send it again?' });
    expect(within(dialog).getByText(/This post was sent on 20\/11\/2026\. Send it again to 1,000 subscribers\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await screen.findByText(/Sending “Portes ouvertes” to 1,000 subscribers/, { selector: '.alert' });
    expect(api.callsTo('POST', '/api/newsletter/sends').at(-1)?.body).toEqual({
      source: { kind: 'post', postId: 7 },
      again: true,
    });
  });

  it('is reached from a published post in Blogs, that post chosen', async () => {
    const published = [blogSummary({ _id: 9, title: 'Rentrée', status: 'published' }), ...posts];
    mockApi({
      ...signedIn('superAdmin'),
      'GET /api/blog': () => json(published),
      'GET /api/newsletter': () => json(overview()),
    });
    const user = userEvent.setup();
    renderApp('/blogs');

    // A draft cannot be sent.
    expect(screen.queryByRole('link', { name: 'Send as newsletter: Brouillon' })).toBeNull();
    await user.click(await screen.findByRole('link', { name: 'Send as newsletter: Portes ouvertes' }));
    expect(await screen.findByRole('heading', { name: 'Newsletter' })).toBeTruthy();
    const picker = (await screen.findByRole('combobox', { name: 'Post' })) as HTMLSelectElement;
    expect(picker.value).toBe('7');
  });

  it('writes an announcement, its mistakes shown on its fields, the English part sent only when written', async () => {
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/blog': () => json([]),
      'GET /api/newsletter': () => json(overview()),
      'POST /api/newsletter/preview': (call) => {
        const { source } = call.body as { source: { subjectEn?: string; htmlEn?: string } };
        if (source.subjectEn && !source.htmlEn) {
          return json({ message: 'Validation failed', fields: { 'source.htmlEn': 'the English text is missing' } }, 400);
        }
        return json(preview);
      },
    });
    const user = userEvent.setup();
    renderApp('/newsletter');

    expect(await screen.findByText('No post is published yet: publish one in Blogs, or write an announcement.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'An announcement' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The subject is required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/newsletter/preview')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Subject *' }), 'La rentrée est le 5 octobre');
    await user.click(screen.getByRole('textbox', { name: 'Text *' }));
    await user.keyboard('Les inscriptions sont ouvertes.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTitle('The e-mail in French');
    expect(api.callsTo('POST', '/api/newsletter/preview')[0]?.body).toEqual({
      source: {
        kind: 'announcement',
        subject: 'La rentrée est le 5 octobre',
        html: expect.stringMatching(/^<p>Les inscriptions sont ouvertes\.<\/p>/),
      },
    });

    await user.click(screen.getByText('English version (optional)'));
    await user.type(screen.getByRole('textbox', { name: 'English subject' }), 'School starts on 5 October');
    // A change puts the preview away.
    expect(screen.queryByTitle('The e-mail in French')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The English text is missing')).toBeTruthy();
  });

  it('says sending needs SMTP when there is none, lets an admin prepare but not send, and shows a send under way with its failures', async () => {
    mockApi({
      ...signedIn('admin'),
      'GET /api/blog': () => json(posts),
      'GET /api/newsletter': () => json(overview({ smtp: false, sends: [send()] })),
      'GET /api/newsletter/sends/1': () =>
        json({
          ...send(),
          failures: [
            { email: 'gone@example.cm', language: 'fr', status: 'bounced', attempts: 1, smtpAnswer: '550 5.1.1 No such user' },
          ],
        }),
      'POST /api/newsletter/preview': () => json(preview),
    });
    const user = userEvent.setup();
    renderApp('/newsletter');

    expect(await screen.findByText('Sending needs an SMTP server.')).toBeTruthy();
    expect(screen.getByText('SMTP_URL')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(((await screen.findByRole('button', { name: 'Send a test to me' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
    expect(screen.getByText(/Only a super admin can send to every subscriber/)).toBeTruthy();

    const row = screen.getByText('Portes ouvertes', { selector: '.data-table__primary' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('420 of 1,000 sent')).toBeTruthy();
    expect(within(row).getByText('Queued 560 · Retrying 18 · Bouncing 2')).toBeTruthy();
    // Only a superAdmin cancels.
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Failures (20)' }));
    expect(await screen.findByText('550 5.1.1 No such user')).toBeTruthy();
  });

  it('cancels a send under way, for a superAdmin, after asking', async () => {
    let sends = [send()];
    const api = mockApi({
      ...signedIn('superAdmin'),
      'GET /api/blog': () => json(posts),
      'GET /api/newsletter': () => json(overview({ sends })),
      'POST /api/newsletter/sends/1/cancel': () => {
        sends = [send({ state: 'cancelled', counts: { ...noCounts, sent: 420, bounced: 2, cancelled: 578 } })];
        return json(sends[0]);
      },
    });
    const user = userEvent.setup();
    renderApp('/newsletter');

    await user.click(await screen.findByRole('button', { name: 'Cancel sending Portes ouvertes' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the send?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the send' }));
    expect(await screen.findByText('Cancelled: 578 e-mails will not be sent.', { selector: '.alert' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/newsletter/sends/1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Cancelled', { selector: '.badge' })).toBeTruthy();
  });
});
