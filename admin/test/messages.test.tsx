import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactMessage, inbox, signedIn } from './support/fixtures.ts';
import { type ApiCall, json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

describe('messages', () => {
  it('opening an unread message marks it read, and it can be marked as handled', async () => {
    let messages = [
      contactMessage({ _id: 3, firstName: 'Jean', status: 'new', createdAt: '2026-03-01T14:30:00.000Z' }),
      contactMessage({ _id: 2, firstName: 'Awa', status: 'read', createdAt: '2026-02-01T09:00:00.000Z' }),
    ];
    const patch = (call: ApiCall) => {
      const id = Number(call.path.split('/').pop());
      messages = messages.map((message) => (message._id === id ? { ...message, ...(call.body as object) } : message));
      return json({ message: 'Message updated', data: messages.find((message) => message._id === id) });
    };
    const api = mockApi({ ...signedIn(), ...inbox(() => messages), 'PATCH /api/messages/3': patch });
    const user = userEvent.setup();
    renderApp('/messages');

    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent?.slice(0, 12))).toEqual([
      expect.stringContaining('Jean'),
      expect.stringContaining('Awa'),
    ]);
    expect(items[0]?.className).toContain('is-unread');
    expect(items[1]?.className).not.toContain('is-unread');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: /Messages/ }).textContent,
    ).toContain('1');

    await user.click(items[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Jean Mballa' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('PATCH', '/api/messages/3')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/messages/3')[0]?.body).toEqual({ status: 'read' });
    await waitFor(() => expect(within(list).getAllByRole('button')[0]?.className).not.toContain('is-unread'));

    await user.click(screen.getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/messages/3')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/messages/3')[1]?.body).toEqual({ status: 'handled' });
    expect(await screen.findByText('Message marked as handled')).toBeTruthy();
  });

  it('a message whose e-mail forwarding failed is flagged with the error', async () => {
    mockApi({
      ...signedIn(),
      ...inbox(() => [
        contactMessage({ _id: 4, status: 'read', forwarding: 'failed', forwardingError: 'SMTP connection refused' }),
      ]),
    });
    const user = userEvent.setup();
    renderApp('/messages');

    const item = await screen.findByRole('button', { name: /Jean Mballa/ });
    expect(within(item).getByText('Forwarding failed')).toBeTruthy();
    await user.click(item);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Not emailed: sending it to the centre's inbox failed.");
    expect(alert.textContent).toContain('reply to the visitor directly');
    expect(alert.textContent).toContain('SMTP connection refused');
  });

  it('names the programme with a link to its page, and offers to reply by e-mail, call and WhatsApp', async () => {
    const message = contactMessage({
      _id: 6,
      firstName: 'Awa',
      lastName: 'Ngono',
      email: 'awa@example.cm',
      phone: '6 99 00 11 22',
      programme: 'soudure',
      programmeTitle: 'Soudure',
      programmePath: '/formation/soudure',
      status: 'read',
      forwarding: 'not_configured',
    });
    mockApi({ ...signedIn(), ...inbox(() => [message]) });
    renderApp('/messages?open=6');

    const reader = await screen.findByRole('article', { name: 'Awa Ngono' });
    expect(within(screen.getByRole('list', { name: 'Messages, newest first' })).getByText('Soudure')).toBeTruthy();
    const programme = await within(reader).findByRole('link', { name: 'Soudure' });
    expect(programme.getAttribute('href')).toBe('https://centre.example.cm/formation/soudure');
    expect(within(reader).queryByText('soudure')).toBeNull();
    expect(
      within(reader).getByText('Not emailed: this server does not send email. Read it here and reply to the visitor directly.'),
    ).toBeTruthy();

    const actions = within(reader).getByRole('list', { name: 'Contact Awa' });
    const href = (name: RegExp) => within(actions).getByRole('link', { name }).getAttribute('href') ?? '';
    expect(href(/^Reply by email awa@example\.cm$/)).toBe(
      'mailto:awa@example.cm?subject=Re%3A%20%C2%AB%20votre%20message%20%C2%BB',
    );
    expect(href(/^Call 6 99 00 11 22$/)).toBe('tel:+237699001122');
    const whatsApp = new URL(href(/^WhatsApp 6 99 00 11 22/));
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/237699001122');
    expect(whatsApp.searchParams.get('text')).toBe('Bonjour Awa, le centre de formation vous répond au sujet de votre message.');
  });

  it('shows a callback request with its badge, programme and best time, and offers Call and WhatsApp but no e-mail reply', async () => {
    const callback = contactMessage({
      _id: 8,
      kind: 'callback',
      firstName: 'Awa Ngono',
      lastName: '',
      email: null,
      phone: '+237699001122',
      message: '',
      programme: 'soudure',
      programmeTitle: 'Soudure',
      programmePath: '/formation/soudure',
      bestTime: 'apres-midi',
      status: 'new',
    });
    mockApi({ ...signedIn(), ...inbox(() => [callback]), 'PATCH /api/messages/8': () => json({}) });
    renderApp('/messages?open=8');

    const item = within(await screen.findByRole('list', { name: 'Messages, newest first' })).getByRole('button');
    expect(within(item).getByText('Callback request')).toBeTruthy();
    expect(item.textContent).toContain('Call back on 6 99 00 11 22 (afternoon)');
    const reader = await screen.findByRole('article', { name: 'Awa Ngono' });
    expect(within(reader).getByText('Callback request')).toBeTruthy();
    expect(within(reader).queryByText('Email')).toBeNull();
    expect(within(reader).getByText('Best time to call').nextElementSibling?.textContent).toBe('Afternoon');
    expect(await within(reader).findByRole('link', { name: 'Soudure' })).toBeTruthy();
    const actions = within(reader).getByRole('list', { name: 'Contact Awa Ngono' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Call', 'WhatsApp']);
  });

  it('offers no call nor WhatsApp for a number that cannot be dialled, and shows a programme gone from the site as sent', async () => {
    const message = contactMessage({
      _id: 7,
      firstName: 'Paul',
      phone: '12 34',
      programme: 'tricot',
      programmeTitle: null,
      programmePath: null,
      status: 'read',
    });
    mockApi({ ...signedIn(), ...inbox(() => [message]) });
    renderApp('/messages?open=7');

    const reader = await screen.findByRole('article', { name: 'Paul Mballa' });
    const actions = within(reader).getByRole('list', { name: 'Contact Paul' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reply by email']);
    expect(within(reader).getByText('12 34')).toBeTruthy();
    expect(within(reader).getByText('tricot')).toBeTruthy();
    expect(within(reader).queryByRole('link', { name: 'tricot' })).toBeNull();
  });

  it('deleting a message asks first', async () => {
    let messages = [contactMessage({ _id: 3, status: 'read' })];
    const api = mockApi({
      ...signedIn(),
      ...inbox(() => messages),
      'DELETE /api/messages/3': () => {
        messages = [];
        return json({ message: 'Message deleted' });
      },
    });
    const user = userEvent.setup();
    renderApp('/messages?open=3');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete message' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/messages/3')).toHaveLength(1);
  });
});
