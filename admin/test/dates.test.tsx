import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactMessage, inbox, paged, signedIn, subscriber } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

// 14:30 UTC: 15:30 in Yaoundé (UTC+1), 23:30 in Tokyo (UTC+9).
const message = contactMessage({ createdAt: '2026-03-01T14:30:00.000Z' });

async function receivedDate(): Promise<string | null | undefined> {
  const list = await screen.findByRole('list', { name: 'Messages, newest first' });
  return within(list).getByRole('button').querySelector('time')?.textContent;
}

describe('dates', () => {
  it("are day first with a 24-hour clock, in the centre's time zone (Yaoundé) by default", async () => {
    const api = mockApi({ ...signedIn(), ...inbox(() => [message]) });
    renderApp('/messages');

    expect(await receivedDate()).toBe('01/03/2026 15:30');
    // Asked once the session is known valid, not before.
    expect(api.calls.map((call) => call.path).slice(0, 2)).toEqual(['/api/auth/validateToken', '/api/settings']);
  });

  it('follow the time zone of the server’s settings, from the first screen', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/settings': () => json({ timeZone: 'Asia/Tokyo', mail: false }),
      ...inbox(() => [message]),
    });
    renderApp('/messages');

    expect(await receivedDate()).toBe('01/03/2026 23:30');
  });

  it('move a day shown alone to the centre’s calendar day', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/subscribers': paged(() => [subscriber({ createdAt: '2026-02-10T23:30:00.000Z' })]),
    });
    renderApp('/subscribers');

    const table = await screen.findByRole('table');
    expect(within(table).getByText('11/02/2026')).toBeTruthy();
  });

  it('stay in Yaoundé’s time zone when the settings cannot be read, and the admin works', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/settings': () => json({ message: 'Internal Server Error' }, 500),
      ...inbox(() => [message]),
    });
    renderApp('/messages');

    expect(await receivedDate()).toBe('01/03/2026 15:30');
  });
});
