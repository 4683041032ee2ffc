import type { FaqForm } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { faqDetails, saveResponse } from './support/content-fixtures.ts';
import { signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const questions = () => screen.getAllByRole('textbox', { name: 'Question' }).map((input) => (input as HTMLInputElement).value);
const announcer = () => document.getElementById('status-announcer');

describe('the FAQ form', () => {
  it('moves a question up with the keyboard, says so, keeps focus on it, and saves the list in its new order', async () => {
    const api = mockApi({
      ...signedIn('admin', 'Paul'),
      'GET /api/content/faq': () => json(faqDetails()),
      'PUT /api/content/faq': () => json(saveResponse({ path: '/faq', message: 'FAQ: order' })),
    });
    const user = userEvent.setup();
    renderApp('/content/faq');

    const moveUp = await screen.findByRole('button', { name: 'Move up: question 3' });
    moveUp.focus();
    await user.keyboard('{Enter}');

    expect(questions()).toEqual(['Où se trouve le centre ?', 'Vos diplômes sont-ils reconnus ?', 'Comment m’inscrire ?']);
    await waitFor(() => expect(announcer()?.textContent).toBe('Question moved to position 2 of 3.'));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move up: question 2'));

    await user.keyboard('{Enter}');
    expect(questions()[0]).toBe('Vos diplômes sont-ils reconnus ?');
    // At the top "Move up" is disabled: focus goes to "Move down" of the same question.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move down: question 1'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/content/faq')).toHaveLength(1));
    const sent = api.callsTo('PUT', '/api/content/faq')[0]?.body as { values: FaqForm };
    expect(sent.values.items.map((item) => item.answer)).toEqual(['Oui.', 'À Nkoabang.', 'Appelez-nous.']);
  });

  it('deletes a question only once confirmed, and adds one', async () => {
    mockApi({ ...signedIn('admin', 'Paul'), 'GET /api/content/faq': () => json(faqDetails()) });
    const user = userEvent.setup();
    renderApp('/content/faq');

    await user.click(await screen.findByRole('button', { name: 'Delete question 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this question?' });
    expect(dialog.textContent).toContain('“Comment m’inscrire ?” and its answer will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(questions()).toEqual(['Où se trouve le centre ?', 'Vos diplômes sont-ils reconnus ?']);

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(questions()).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getAllByRole('textbox', { name: 'Question' })[2]);
  });
});
