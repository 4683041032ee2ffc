import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../src/db/schema.ts';
import { buildTestApp, loginAs, uploadImage } from './helper.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = { title: 'Rentrée de janvier', description: '<p>Les inscriptions sont ouvertes.</p>' };

type Uploaded = { url: string; key: string; width: number; height: number; variants: Array<{ width: number; url: string }> };

async function uploadCover(app: FastifyInstance, token: string, width: number, height: number): Promise<Uploaded> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#0d5c3a' } })
    .png()
    .toBuffer();
  const uploaded = await uploadImage(app, token, png);
  expect(uploaded.statusCode).toBe(201);
  return uploaded.json<Uploaded>();
}

async function setup() {
  const app = await buildTestApp();
  const token = await loginAs(app);
  const create = async (body: Record<string, unknown>) =>
    (await app.inject({ method: 'POST', url: '/api/blog', headers: bearer(token), payload: body })).json().blog;
  const published = async () => (await app.inject({ method: 'GET', url: '/api/blog/published' })).json();
  return { app, token, create, published };
}

describe('a post describes its cover', () => {
  it('keeps the cover’s description until the cover is removed', async () => {
    const { app, token, create } = await setup();
    const upload = await uploadCover(app, token, 800, 600);
    const created = await create({ ...post, coverPhoto: upload.key, coverAlt: 'La façade du centre' });
    const update = (body: object) =>
      app.inject({ method: 'PUT', url: `/api/blog/${created._id}`, headers: bearer(token), payload: { ...post, ...body } });
    expect((await update({ coverPhoto: created.coverPhoto })).json().blog.cover.alt).toBe('La façade du centre');
    expect((await update({ coverPhoto: created.coverPhoto, coverAlt: 'La cour du centre' })).json().blog.cover.alt).toBe(
      'La cour du centre',
    );
    expect((await update({ coverPhoto: '' })).json().blog.cover).toBeNull();
    const again = await update({ coverPhoto: upload.key });
    expect(again.json().blog.cover.alt).toBe('');
  });

  it('gives the size and WebP copies recorded at upload with every published post, and null without a cover', async () => {
    const { app, token, create, published } = await setup();
    const upload = await uploadCover(app, token, 2000, 1125);
    const withCover = await create({ ...post, coverPhoto: upload.key, coverAlt: 'Un apprenti soude une pièce dans l’atelier' });
    await create({ ...post, title: 'Sans image' });

    const cover = {
      url: upload.url,
      alt: 'Un apprenti soude une pièce dans l’atelier',
      width: 2000,
      height: 1125,
      variants: upload.variants,
    };
    expect(upload.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    expect(withCover.cover).toEqual(cover);
    const posts = await published();
    expect(posts.map((listed: { title: string; cover: unknown }) => [listed.title, listed.cover])).toEqual([
      ['Sans image', null],
      [post.title, cover],
    ]);
    const bySlug = await app.inject({ method: 'GET', url: `/api/blog/slug/${withCover.slug}` });
    expect(bySlug.json().cover).toEqual(cover);
  });

  it('describes a cover uploaded before uploads were recorded by its URL alone', async () => {
    const { app, token, create, published } = await setup();
    const upload = await uploadCover(app, token, 1200, 600);
    await create({ ...post, coverPhoto: upload.url });
    app.db.delete(images).run();

    const [listed] = await published();
    expect(listed.cover).toEqual({ url: upload.url, alt: '', width: null, height: null, variants: [] });
  });

  it('forgets an upload with the last post that showed it', async () => {
    const { app, token, create } = await setup();
    const kept = await uploadCover(app, token, 1200, 600);
    const removed = await uploadCover(app, token, 1200, 600);
    await create({ ...post, title: 'Gardé', coverPhoto: kept.key });
    const deleted = await create({ ...post, title: 'Supprimé', coverPhoto: removed.key });

    await app.inject({ method: 'DELETE', url: `/api/blog/${deleted._id}`, headers: bearer(token) });
    expect(app.db.select({ key: images.key }).from(images).all()).toEqual([{ key: kept.key }]);
  });
});
