import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Quill from 'quill';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from './support/fixtures.ts';
import { mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

// Quill scrolls the selection into view: jsdom lays nothing out, so a range has no box.
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});

afterEach(() => vi.restoreAllMocks());

/** The page's editor with "Visitez notre site" typed and `words` selected. */
async function editorWithSelection(words: string) {
  mockApi(signedIn());
  const user = userEvent.setup();
  renderApp('/create-blog');
  const editor = await screen.findByRole('textbox', { name: 'Blog Content *' });
  await user.click(editor);
  await user.keyboard('Visitez notre site');
  const quill = Quill.find(editor.parentElement as HTMLElement) as Quill;
  const text = quill.getText();
  quill.setSelection(text.indexOf(words), words.length);
  return { user, editor, quill };
}

describe('the link dialog of the post editor', () => {
  it('keeps the selected words as the link text, starts with an empty address, refuses a script and completes a bare address', async () => {
    const { user, editor, quill } = await editorWithSelection('notre site');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    const text = within(dialog).getByLabelText('Link text') as HTMLInputElement;
    const address = within(dialog).getByLabelText('Address') as HTMLInputElement;
    expect(text.value).toBe('notre site');
    expect(address.value).toBe('');
    expect(address.getAttribute('placeholder')).toBeNull();
    expect(document.activeElement).toBe(address);

    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(address.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toContain(
      'other kinds of links are not allowed',
    );
    expect(screen.queryByText('Blog post created successfully!')).toBeNull();

    await user.clear(address);
    // Focus and caret go back as the dialog closes, never in a later frame (here none comes) that a keystroke could precede.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    await user.type(address, 'www.centre-nkoabang.cm{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.innerHTML).toContain(
      '<a href="https://www.centre-nkoabang.cm" rel="noopener noreferrer" target="_blank">notre site</a>',
    );
    expect(document.activeElement).toBe(editor);
    expect(quill.getSelection()).toEqual({ index: 'Visitez notre site'.length, length: 0 });
  });

  it('takes the words selected just before the Link button was reached, though Quill reads the selection on a timer', async () => {
    const { user, editor, quill } = await editorWithSelection('Visitez');
    const text = editor.querySelector('p')?.firstChild as Text;
    const link = screen.getByRole('button', { name: 'Link' });
    // At once, as a fast keyboard user would: no timer of Quill's runs in between.
    act(() => {
      document.getSelection()?.setBaseAndExtent(text, 8, text, 18);
      link.focus();
      fireEvent.click(link);
    });

    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    expect((within(dialog).getByLabelText('Link text') as HTMLInputElement).value).toBe('notre site');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Cancelled: back in the text with the same words selected, nothing changed.
    expect(document.activeElement).toBe(editor);
    expect(quill.getSelection()).toEqual({ index: 8, length: 10 });
    expect(editor.querySelector('a')).toBeNull();
  });

  it('edits the link the caret is in, and removes it', async () => {
    const { user, editor, quill } = await editorWithSelection('site');
    const start = quill.getText().indexOf('site');
    quill.formatText(start, 4, 'link', 'https://example.cm', 'user');
    quill.setSelection(start + 2, 0);
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    expect((within(dialog).getByLabelText('Link text') as HTMLInputElement).value).toBe('site');
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe('https://example.cm');
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.querySelector('a')).toBeNull();
    expect(editor.textContent).toBe('Visitez notre site');
    expect(document.activeElement).toBe(editor);
    expect(quill.getSelection()).toEqual({ index: start + 'site'.length, length: 0 });
  });
});
