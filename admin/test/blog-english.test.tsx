import type { BlogPost } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { blogSummary, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

function blogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    ...blogSummary({ _id: 7, title: 'Rentrée de janvier' }),
    description: '<p>Les inscriptions sont ouvertes.</p>',
    cover: null,
    titleEn: '',
    descriptionEn: '',
    ...overrides,
  };
}

function editorApi(post: BlogPost) {
  return mockApi({
    ...signedIn(),
    'GET /api/blog/7': () => json(post),
    'GET /api/blog': () => json([blogSummary({ _id: 7, title: post.title })]),
    'PUT /api/blog/7': () => json({ message: 'Blog post updated successfully!', blog: post }),
  });
}

const englishSection = async () =>
  (await screen.findByText('English version (optional)')).closest('details') as HTMLDetailsElement;

async function typeInEnglishText(user: ReturnType<typeof userEvent.setup>, text: string) {
  const editor = screen.getByRole('textbox', { name: 'English text' });
  await user.click(editor);
  await user.type(editor, text);
}

describe('a post’s English version in the post form', () => {
  it('is a closed section below the French fields while the post has none, saying who reads it, and saves what is written in it', async () => {
    const api = editorApi(blogPost());
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    const section = await englishSection();
    expect(section.open).toBe(false);
    expect(within(section).queryByLabelText('English title')).toBeNull();
    // Below every French field: the last field before it is the views'.
    const fields = [...document.querySelectorAll('form .field, form details')];
    expect(fields.indexOf(section)).toBeGreaterThan(
      fields.indexOf(screen.getByLabelText('Number of Views').closest('.field') as Element),
    );

    await user.click(within(section).getByText('English version (optional)'));
    expect(section.open).toBe(true);
    expect(section.textContent).toContain(
      'Readers of the site in English and the newsletter’s English subscribers get this version',
    );
    expect(section.textContent).toContain('Without it, they get the French post');
    await user.type(within(section).getByLabelText('English title'), 'January intake');
    await typeInEnglishText(user, 'Enrolment is open.');
    await user.click(screen.getByRole('button', { name: 'Update Blog Post' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/blog/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/blog/7')[0]?.body).toMatchObject({
      title: 'Rentrée de janvier',
      titleEn: 'January intake',
      // jsdom's Quill may keep the blank line it started with.
      descriptionEn: expect.stringMatching(/<p>Enrolment is open\.<\/p>$/),
    });
  });

  it('is open with the English title and text of a post that has them, and both cleared remove it', async () => {
    const api = editorApi(blogPost({ titleEn: 'January intake', descriptionEn: '<p>Enrolment is open.</p>' }));
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    const section = await englishSection();
    expect(section.open).toBe(true);
    const title = within(section).getByLabelText('English title') as HTMLInputElement;
    expect(title.value).toBe('January intake');
    const editor = screen.getByRole('textbox', { name: 'English text' });
    await waitFor(() => expect(editor.textContent).toBe('Enrolment is open.'));

    await user.clear(title);
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Update Blog Post' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/blog/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/blog/7')[0]?.body).toMatchObject({ titleEn: '', descriptionEn: '' });
  });

  it('refuses an English title without an English text beside the English text, and sends nothing', async () => {
    const api = editorApi(blogPost());
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    const section = await englishSection();
    await user.click(within(section).getByText('English version (optional)'));
    await user.type(within(section).getByLabelText('English title'), 'January intake');
    // Closed again before saving: the refusal opens it.
    await user.click(within(section).getByText('English version (optional)'));
    expect(section.open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Update Blog Post' }));
    await waitFor(() => expect(section.open).toBe(true));

    const editor = screen.getByRole('textbox', { name: 'English text' });
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(editor)).toContain('English text is required with an English title');
    expect(api.callsTo('PUT', '/api/blog/7')).toHaveLength(0);
  });

  it('marks EN, with an accessible name, the posts of the list that have an English version', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/blog': () =>
        json([
          blogSummary({ _id: 7, title: 'Rentrée de janvier', hasEnglish: true }),
          blogSummary({ _id: 8, title: 'Journée portes ouvertes', slug: 'journee-portes-ouvertes' }),
        ]),
    });
    renderApp('/blogs');

    const english = (await screen.findByText('Rentrée de janvier')).closest('tr') as HTMLElement;
    expect(within(english).getByTitle('Has an English version').textContent).toBe('ENHas an English version');
    const french = screen.getByText('Journée portes ouvertes').closest('tr') as HTMLElement;
    expect(within(french).queryByTitle('Has an English version')).toBeNull();
  });

  it('keeps the English fields in the unsaved draft, and opens the section to restore them', async () => {
    editorApi(blogPost());
    const user = userEvent.setup();
    const { unmount } = renderApp('/edit-blog/7');

    const section = await englishSection();
    await user.click(within(section).getByText('English version (optional)'));
    await user.type(within(section).getByLabelText('English title'), 'January intake');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('blog-draft:7') ?? '{}').values?.titleEn).toBe('January intake'));
    unmount();

    renderApp('/edit-blog/7');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const restored = await englishSection();
    await waitFor(() => expect(restored.open).toBe(true));
    expect((within(restored).getByLabelText('English title') as HTMLInputElement).value).toBe('January intake');
  });
});
