import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactMessage, inbox, paged, signedIn, subscriber } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const messages = Array.from({ length: 45 }, (_, index) =>
  contactMessage({ _id: 100 - index, lastName: `Sender${index + 1}`, status: index < 4 ? 'new' : 'read' }),
);

const navigation = () => within(screen.getByRole('navigation', { name: 'Admin' }));

describe('the navigation badges', () => {
  it('count the unread messages and new applications without loading either list', async () => {
    const api = mockApi({
      ...signedIn(),
      ...inbox(() => messages, []),
      'GET /api/applications/count': () => json({ count: 2 }),
    });
    renderApp('/subscribers');

    await waitFor(() => expect(navigation().getByRole('link', { name: /Messages/ }).textContent).toContain('4'));
    expect(navigation().getByRole('link', { name: /Applications/ }).textContent).toContain('2');
    expect(api.callsTo('GET', '/api/messages/count')[0]?.search.get('status')).toBe('new');
    expect(api.callsTo('GET', '/api/applications/count')[0]?.search.get('status')).toBe('new');
    expect(api.callsTo('GET', '/api/messages')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/applications')).toHaveLength(0);
  });
});

describe('the pager', () => {
  it('moves through the inbox a page at a time, the page in the URL, Previous and Next disabled at the ends', async () => {
    const api = mockApi({ ...signedIn(), ...inbox(() => messages, []) });
    const user = userEvent.setup();
    const { router } = renderApp('/messages');

    const pager = await screen.findByRole('navigation', { name: 'Messages pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(pager.textContent).toContain('1–20 of 45');
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.textContent).toContain('21–40 of 45'));
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsTo('GET', '/api/messages').at(-1)?.search.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: /Sender21/ })).toBeTruthy();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.textContent).toContain('Page 3 of 3'));
    expect(pager.textContent).toContain('41–45 of 45');
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(false);
  });

  it('starts from the page the URL names, and a filter goes back to the first page', async () => {
    const api = mockApi({ ...signedIn(), ...inbox(() => messages, []) });
    const user = userEvent.setup();
    const { router } = renderApp('/messages?page=2');

    const pager = await screen.findByRole('navigation', { name: 'Messages pages' });
    expect(pager.textContent).toContain('Page 2 of 3');
    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=new'));
    expect(api.callsTo('GET', '/api/messages').at(-1)?.search.toString()).toBe('status=new');
    // Four unread messages fit on one page: no pager.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Messages pages' })).toBeNull());
  });

  it('pages the subscribers too', async () => {
    const list = Array.from({ length: 25 }, (_, index) => subscriber({ _id: index + 1, email: `reader${index + 1}@example.cm` }));
    mockApi({ ...signedIn(), 'GET /api/subscribers': paged(() => list) });
    renderApp('/subscribers?page=2');

    const pager = await screen.findByRole('navigation', { name: 'Subscribers pages' });
    expect(pager.textContent).toContain('21–25 of 25');
    expect(screen.getByText('reader21@example.cm')).toBeTruthy();
    expect(screen.getByText('25 subscribers, 25 confirmed')).toBeTruthy();
  });
});

describe('the message reader', () => {
  it('loads the whole message by its id, where the list shows its first words', async () => {
    const whole = contactMessage({ _id: 9, status: 'read', message: 'Bonjour,\n\nle message entier, avec sa fin.' });
    const api = mockApi({
      ...signedIn(),
      ...inbox(() => [whole], [9]),
      'GET /api/messages': () =>
        json({ items: [{ ...whole, message: undefined, excerpt: 'Bonjour, le message…' }], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp('/messages?open=9');

    const reader = await screen.findByRole('article', { name: 'Jean Mballa' });
    expect(await within(reader).findByText(/le message entier, avec sa fin\./)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Messages, newest first' })).getByText('Bonjour, le message…')).toBeTruthy();
    expect(api.callsTo('GET', '/api/messages/9')).toHaveLength(1);
  });
});
