import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paged, signedIn, subscriber } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

describe('subscribers', () => {
  it("deleting a subscriber goes through the 'Confirm Delete' dialog", async () => {
    let list = [subscriber({ _id: 5, email: 'marie@example.cm' })];
    const api = mockApi({
      ...signedIn(),
      'GET /api/subscribers': paged(() => list),
      'DELETE /api/subscriber/5': () => {
        list = [];
        return json({ message: 'Subscriber deleted successfully' });
      },
    });
    const user = userEvent.setup();
    renderApp('/subscribers');

    expect(await screen.findByRole('heading', { name: 'Subscribers' })).toBeTruthy();
    expect(screen.getByText('Manage newsletter subscribers')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Delete marie@example.cm' }));
    let dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this subscriber? This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/subscriber/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete marie@example.cm' }));
    dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Subscriber deleted successfully')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/subscriber/5')).toHaveLength(1);
    expect(await screen.findByText('No subscribers yet.')).toBeTruthy();
  });

  it('marks an address whose mail server refuses the newsletter, and says what it means', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/subscribers': paged(() => [
        subscriber({ _id: 5, email: 'marie@example.cm' }),
        subscriber({ _id: 6, email: 'gone@example.cm', bouncing: true }),
      ]),
    });
    renderApp('/subscribers');

    const row = (await screen.findByText('gone@example.cm')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bouncing')).toBeTruthy();
    expect(within(screen.getByText('marie@example.cm').closest('tr') as HTMLElement).queryByText('Bouncing')).toBeNull();
    expect(screen.getByText(/refused the newsletter on three sends in a row, so it no longer gets it/)).toBeTruthy();
  });

  it("a failed list shows the server's message", async () => {
    mockApi({ ...signedIn(), 'GET /api/subscribers': () => json({ message: 'Forbidden' }, 403) });
    renderApp('/subscribers');

    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden');
  });
});
