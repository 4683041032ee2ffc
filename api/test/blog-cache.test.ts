import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = {
  title: 'Rentrée de janvier',
  description: '<p>Les inscriptions sont ouvertes.</p>',
  author: 'Service des admissions',
};

/**
 * The public read routes' answers are cached: a change to a post must show in them at once,
 * never after a delay (view counts, which only the admin reads, past the cache, follow with its expiry).
 */
describe('the cached answers of the public blog routes', () => {
  async function setup() {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const create = async (body: Record<string, unknown>) =>
      (await app.inject({ method: 'POST', url: '/api/blog', headers: bearer(token), payload: body })).json().blog as {
        _id: number;
        slug: string;
      };
    const update = (id: number, body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/blog/${id}`, headers: bearer(token), payload: body });
    const get = (url: string) => app.inject({ method: 'GET', url });
    /** What a reader sees of a post: its title and views in the list, by id, by slug and in the site's full list. */
    const seen = async ({ _id, slug }: { _id: number; slug: string }) => {
      const find = (list: Array<{ _id: number; title: string; views: number }>) => list.find((entry) => entry._id === _id);
      const [list, published, byId, bySlug] = await Promise.all([
        get('/api/blog'),
        get('/api/blog/published'),
        get(`/api/blog/${_id}`),
        get(`/api/blog/slug/${slug}`),
      ]);
      const show = (entry?: { title: string; views: number }) => (entry ? `${entry.title} (${entry.views})` : 'absent');
      return {
        list: show(find(list.json())),
        published: show(find(published.json())),
        byId: byId.statusCode === 200 ? show(byId.json()) : byId.statusCode,
        bySlug: bySlug.statusCode === 200 ? show(bySlug.json()) : bySlug.statusCode,
      };
    };
    const everywhere = (shown: string | number) => ({
      list: typeof shown === 'number' ? 'absent' : shown,
      published: typeof shown === 'number' ? 'absent' : shown,
      byId: shown,
      bySlug: shown,
    });
    return { app, token, create, update, get, seen, everywhere };
  }

  it('shows an update, a publication, an unpublication and a deletion at once', async () => {
    const { app, token, create, update, seen, everywhere } = await setup();
    const first = await create(post);
    expect(await seen(first)).toEqual(everywhere('Rentrée de janvier (0)'));

    expect((await update(first._id, { ...post, title: 'Rentrée de février' })).statusCode).toBe(200);
    expect(await seen(first)).toEqual(everywhere('Rentrée de février (0)'));

    const draft = await create({ ...post, title: 'Brouillon', status: 'draft' });
    expect(await seen(draft)).toEqual(everywhere(404));
    expect(await seen(first)).toEqual(everywhere('Rentrée de février (0)'));
    expect((await update(draft._id, { ...post, title: 'Brouillon', status: 'published' })).statusCode).toBe(200);
    expect(await seen(draft)).toEqual(everywhere('Brouillon (0)'));

    expect((await update(first._id, { ...post, title: 'Rentrée de février', status: 'draft' })).statusCode).toBe(200);
    expect(await seen(first)).toEqual(everywhere(404));

    const second = await create({ ...post, title: 'Portes ouvertes' });
    expect(await seen(second)).toEqual(everywhere('Portes ouvertes (0)'));
    expect((await app.inject({ method: 'DELETE', url: `/api/blog/${second._id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect(await seen(second)).toEqual(everywhere(404));
    expect(await seen(draft)).toEqual(everywhere('Brouillon (0)'));
  });

  it('gives a signed-in admin the drafts past the cache, and refuses a bad token even for a cached answer', async () => {
    const { get, app, token, create, seen } = await setup();
    const published = await create(post);
    const draft = await create({ ...post, title: 'Brouillon', status: 'draft' });
    await seen(published);
    const asAdmin = (url: string, authorization = `Bearer ${token}`) =>
      app.inject({ method: 'GET', url, headers: { authorization } });
    expect((await asAdmin('/api/blog')).json().map((entry: { _id: number }) => entry._id)).toEqual([draft._id, published._id]);
    expect((await asAdmin(`/api/blog/slug/${draft.slug}`)).json().title).toBe('Brouillon');
    expect((await asAdmin(`/api/blog/${draft._id}`)).json().title).toBe('Brouillon');
    expect((await asAdmin(`/api/blog/slug/${published.slug}`)).json().title).toBe(post.title);
    for (const url of ['/api/blog', `/api/blog/slug/${published.slug}`, `/api/blog/${published._id}`]) {
      expect((await asAdmin(url, 'Bearer not-a-token')).statusCode, url).toBe(401);
    }
    expect((await get('/api/blog')).json().map((entry: { _id: number }) => entry._id)).toEqual([published._id]);
  });
});
