import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/fixtures.ts';
import { mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

async function openEditor() {
  mockApi(signedIn());
  const user = userEvent.setup();
  renderApp('/create-blog');
  const editor = await screen.findByRole('textbox', { name: 'Blog Content *' });
  return { user, editor };
}

describe('the post editor with a keyboard', () => {
  it('lets Tab leave the text for the next field and Shift+Tab come back, typing no tab character', async () => {
    const { user, editor } = await openEditor();
    await user.click(editor);
    await user.keyboard('Bonjour');
    await user.tab();
    expect(document.activeElement).not.toBe(editor);
    expect(editor.contains(document.activeElement)).toBe(false);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(editor);
    expect(editor.textContent).toBe('Bonjour');
  });

  it('says how to indent in its help, and Ctrl+M inserts a tab where Tab no longer does', async () => {
    const { user, editor } = await openEditor();
    const help = document.getElementById(editor.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(help?.textContent).toContain('Tab moves to the next field. Ctrl+M indents a list item or inserts a tab');
    await user.click(editor);
    await user.keyboard('A{Control>}m{/Control}B');
    await waitFor(() => expect(editor.textContent).toBe('A\tB'));
  });

  it('names every toolbar control and every option of its pickers, with the same words as a tooltip', async () => {
    await openEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const unnamed = [...toolbar.querySelectorAll('button, .ql-picker-label, .ql-picker-item')].filter(
      (control) => !control.getAttribute('aria-label') || control.getAttribute('title') !== control.getAttribute('aria-label'),
    );
    expect(unnamed.map((control) => control.outerHTML)).toEqual([]);
    const colours = [...toolbar.querySelectorAll('.ql-color .ql-picker-item')].map((item) => item.getAttribute('aria-label'));
    expect(colours).toEqual(['Default colour', 'Grey', 'Red', 'Orange', 'Green', 'Blue', 'Purple']);
    const alignments = [...toolbar.querySelectorAll('.ql-align .ql-picker-item')].map((item) => item.getAttribute('aria-label'));
    expect(alignments).toEqual(['Align left', 'Centre', 'Align right', 'Justify']);
  });
});
