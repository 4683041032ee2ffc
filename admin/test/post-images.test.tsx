import type { UploadedImage } from '@cfp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

const media = 'https://centre.example.cm/media/blogImages';
const uploaded: UploadedImage = {
  message: 'Image uploaded',
  url: `${media}/atelier.gif`,
  key: 'blogImages/atelier.gif',
  width: 1600,
  height: 900,
  variants: [
    { width: 480, url: `${media}/atelier-480w.webp` },
    { width: 960, url: `${media}/atelier-960w.webp` },
  ],
};
const gif = () => new File([new Uint8Array([71, 73, 70, 56, 57, 97])], 'atelier.gif', { type: 'image/gif' });

// Quill scrolls the selection into view: jsdom lays nothing out, so a range has no box.
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});

describe('pictures of a post', () => {
  it('asks for the cover’s description once a cover is chosen, beside the field, and sends it', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/images': () => json(uploaded, 201),
      'POST /api/blog': (call) =>
        json({ message: 'Blog post created successfully!', blog: { ...(call.body as object), _id: 9 } }, 201),
    });
    const user = userEvent.setup();
    renderApp('/create-blog');
    await user.type(await screen.findByLabelText('Blog Title *'), 'Portes ouvertes');
    const editor = screen.getByRole('textbox', { name: 'Blog Content *' });
    await user.click(editor);
    await user.keyboard('Venez nombreux.');
    expect(screen.queryByLabelText('Image description *')).toBeNull();

    await user.upload(screen.getByLabelText('Featured Image'), gif());
    const description = await screen.findByLabelText('Image description *');
    await waitFor(() => expect(api.callsTo('POST', '/api/images')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Create Blog Post' }));
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(description)).toContain('Describe the picture for those who cannot see it');
    expect(api.callsTo('POST', '/api/blog')).toHaveLength(0);

    await user.type(description, 'Deux apprentis soudent un portail');
    await user.click(screen.getByRole('button', { name: 'Create Blog Post' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/blog')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/blog')[0]?.body).toMatchObject({
      coverPhoto: uploaded.url,
      coverAlt: 'Deux apprentis soudent un portail',
    });
  });

  it('inserts a picture in the text through the Image button: uploaded, described, with its size and WebP copies', async () => {
    const api = mockApi({ ...signedIn(), 'POST /api/images': () => json(uploaded, 201) });
    const user = userEvent.setup();
    renderApp('/create-blog');
    const editor = await screen.findByRole('textbox', { name: 'Blog Content *' });
    await user.click(editor);
    await user.keyboard('Avant. ');
    await user.click(screen.getByRole('button', { name: 'Image' }));

    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(within(dialog).getByLabelText('Picture').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/images')).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Picture'), gif());
    await user.type(within(dialog).getByLabelText('Description'), 'L’atelier de soudure');
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const image = editor.querySelector('img');
    expect(image?.getAttribute('src')).toBe(uploaded.url);
    expect(image?.getAttribute('alt')).toBe('L’atelier de soudure');
    expect(image?.getAttribute('width')).toBe('1600');
    expect(image?.getAttribute('srcset')).toBe(`${media}/atelier-480w.webp 480w, ${media}/atelier-960w.webp 960w`);
    expect(screen.queryByText('Blog post created successfully!')).toBeNull();
  });
});
