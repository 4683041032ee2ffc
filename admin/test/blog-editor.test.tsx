import type { BlogPost } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { blogSummary, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

function blogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  // <b> is what an older editor wrote; Quill rewrites it as <strong> when it loads the post.
  return {
    ...blogSummary({ _id: 7, title: 'Premier article' }),
    description: '<p>Bonjour <b>à tous</b></p>',
    cover: null,
    titleEn: '',
    descriptionEn: '',
    ...overrides,
  };
}

const editorRoutes = () => ({
  ...signedIn(),
  'GET /api/blog/7': () => json(blogPost()),
  'GET /api/blog': () => json([blogSummary({ _id: 7, title: 'Premier article' })]),
});

async function typeInEditor(user: ReturnType<typeof userEvent.setup>, text: string) {
  const editor = await screen.findByRole('textbox', { name: 'Blog Content *' });
  await waitFor(() => expect(editor.textContent).toContain('Bonjour'));
  await user.click(editor);
  await user.type(editor, text);
}

describe('the blog editor', () => {
  it('typing then undoing back to the loaded text leaves nothing unsaved, although Quill rewrote its HTML', async () => {
    mockApi(editorRoutes());
    const user = userEvent.setup();
    const { router } = renderApp('/edit-blog/7');

    await typeInEditor(user, '!');
    await user.click(screen.getByRole('link', { name: /Back to Blogs/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(prompt).getByRole('button', { name: 'Stay' }));

    const editor = screen.getByRole('textbox', { name: 'Blog Content *' });
    editor.focus();
    const typed = editor.querySelector('strong')?.lastChild as Text;
    document.getSelection()?.collapse(typed, typed.length);
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('link', { name: /Back to Blogs/ }));
    expect(await screen.findByRole('heading', { name: 'Blog Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/blogs');
    expect(localStorage.getItem('blog-draft:7')).toBeNull();
  });

  it("a refused update says 'Failed to update blog post' with the server's reason, and keeps the form", async () => {
    const api = mockApi({
      ...editorRoutes(),
      'PUT /api/blog/7': () => json({ message: 'Another post already uses the slug "premier-article"' }, 409),
    });
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    const title = (await screen.findByLabelText('Blog Title *')) as HTMLInputElement;
    await user.type(title, ' (mis à jour)');
    await user.click(screen.getByRole('button', { name: 'Update Blog Post' }));

    const alert = await screen.findByRole('alert');
    expect(alert.firstChild?.textContent).toBe('Failed to update blog post');
    expect(within(alert).getByText('Another post already uses the slug "premier-article"')).toBeTruthy();
    expect(title.value).toBe('Premier article (mis à jour)');
    expect(api.callsTo('PUT', '/api/blog/7')[0]?.body).toMatchObject({
      title: 'Premier article (mis à jour)',
      status: 'published',
    });
  });

  it("updating a post with its title cleared says 'All fields are required' beside it, as the edit screen always has, and sends nothing", async () => {
    const api = mockApi(editorRoutes());
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    const title = (await screen.findByLabelText('Blog Title *')) as HTMLInputElement;
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Update Blog Post' }));

    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(title)).toContain('All fields are required');
    expect(api.callsTo('PUT', '/api/blog/7')).toHaveLength(0);
  });

  it("an image upload that fails says 'Image upload failed.', keeps the preview and can be retried", async () => {
    // jsdom has no object URLs; the preview only needs one to exist.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:preview';
        static override revokeObjectURL = () => {};
      },
    );
    let upload = () => json({ message: 'Storage is unavailable' }, 503);
    const api = mockApi({ ...editorRoutes(), 'POST /api/images': () => upload() });
    const user = userEvent.setup();
    renderApp('/edit-blog/7');

    // A GIF is sent as it is (no resizing), which jsdom could not do.
    const file = new File([new Uint8Array([71, 73, 70, 56, 57, 97])], 'affiche.gif', { type: 'image/gif' });
    await user.upload(await screen.findByLabelText('Featured Image'), file);

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Image upload failed.');
    expect(failure.textContent).toContain('Storage is unavailable');
    expect(failure.textContent).toContain('Image loaded locally (preview only)');
    expect((screen.getByRole('img', { name: 'Featured image preview' }) as HTMLImageElement).src).toBe('blob:preview');

    upload = () =>
      json(
        { message: 'Image uploaded', url: '/media/blogImages/1_affiche.gif', key: 'k', width: 1, height: 1, variants: [] },
        201,
      );
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Image uploaded')).toBeTruthy();
    expect(api.callsTo('POST', '/api/images')).toHaveLength(2);
    const retried = api.callsTo('POST', '/api/images')[1]?.body;
    expect(retried instanceof FormData && retried.get('image')).toBeInstanceOf(File);
  });
});
