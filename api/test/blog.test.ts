import { createServer } from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../src/blog/sanitize.ts';

const mediaBase = 'http://127.0.0.1:8080/media/';

import { buildTestApp, loginAs, uploadImage } from './helper.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = {
  title: 'Rentrée de janvier : inscriptions ouvertes',
  description: '<h2>Dates</h2><p>Les <strong>inscriptions</strong> sont ouvertes.</p>',
  author: 'Service des admissions',
  views: '12',
  // The test configuration's local storage answers at http://127.0.0.1:8080/media.
  coverPhoto: 'http://127.0.0.1:8080/media/blogImages/1_rentree.jpg',
};

async function setup() {
  const app = await buildTestApp();
  const token = await loginAs(app);
  const create = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/blog', headers: bearer(token), payload: body });
  return { app, token, create };
}

describe('blog posts', () => {
  it('creates a published post with a slug from its title and shows it in the public list, by id and by slug', async () => {
    const { app, create } = await setup();
    const created = await create(post);
    expect(created.statusCode).toBe(201);
    const { blog, message } = created.json();
    expect(message).toBe('Blog post created successfully!');
    expect(blog).toMatchObject({
      title: post.title,
      slug: 'rentree-de-janvier-inscriptions-ouvertes',
      views: 12,
      status: 'published',
    });
    expect(blog.publishedAt).not.toBeNull();

    const list = await app.inject({ method: 'GET', url: '/api/blog' });
    expect(list.json()).toEqual([
      expect.objectContaining({ _id: blog._id, title: post.title, coverPhoto: post.coverPhoto, views: 12 }),
    ]);
    expect(list.json()[0].description).toBeUndefined();
    const byId = await app.inject({ method: 'GET', url: `/api/blog/${blog._id}` });
    expect(byId.json()).toMatchObject({ title: post.title, description: post.description, author: post.author });
    const bySlug = await app.inject({ method: 'GET', url: `/api/blog/slug/${blog.slug}` });
    expect(bySlug.json()._id).toBe(blog._id);
    const published = await app.inject({ method: 'GET', url: '/api/blog/published' });
    expect(published.json()).toEqual([expect.objectContaining({ _id: blog._id, description: post.description })]);
  });

  it('keeps drafts out of every public answer and shows them to a signed-in admin', async () => {
    const { app, token, create } = await setup();
    const draft = (await create({ ...post, status: 'draft' })).json().blog;
    expect(draft.publishedAt).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/blog' })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/blog/published' })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/blog/${draft._id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/blog/slug/${draft.slug}` })).statusCode).toBe(404);
    const asAdmin = await app.inject({ method: 'GET', url: '/api/blog', headers: bearer(token) });
    expect(asAdmin.json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: `/api/blog/${draft._id}`, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('gives each post a unique slug and refuses a slug already taken', async () => {
    const { create } = await setup();
    const first = (await create(post)).json().blog;
    const second = (await create(post)).json().blog;
    expect(second.slug).toBe(`${first.slug}-2`);
    const clash = await create({ ...post, slug: first.slug });
    expect(clash.statusCode).toBe(409);
    const onlySymbols = (await create({ ...post, title: '!!!' })).json().blog;
    expect(onlySymbols.slug).toBe('article');
  });

  it('updates and deletes a post, and asks for a site rebuild when a published post changes', async () => {
    const { app, token, create } = await setup();
    const requests: string[] = [];
    app.siteBuilder.request = (reason: string) => {
      requests.push(reason);
    };
    const { _id } = (await create(post)).json().blog;
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/blog/${_id}`,
      headers: bearer(token),
      payload: { ...post, title: 'Nouveau titre', views: 40 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Blog post updated successfully!',
      blog: { title: 'Nouveau titre', views: 40 },
    });
    expect((await app.inject({ method: 'GET', url: '/api/blog' })).json()[0].title).toBe('Nouveau titre');

    const deleted = await app.inject({ method: 'DELETE', url: `/api/blog/${_id}`, headers: bearer(token) });
    expect(deleted.json()).toEqual({ message: 'Blog deleted successfully!' });
    expect((await app.inject({ method: 'GET', url: `/api/blog/${_id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/blog/${_id}`, headers: bearer(token) })).statusCode).toBe(404);
    expect(requests).toHaveLength(3);
  });

  it('refuses a post without title or text with the message staff know', async () => {
    const { create } = await setup();
    const empty = await create({ ...post, title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Title and description are required/);
    const onlyMarkup = await create({ ...post, description: '<p><br></p><script>alert(1)</script>' });
    expect(onlyMarkup.statusCode).toBe(400);
    const badViews = await create({ ...post, views: 'many' });
    expect(badViews.statusCode).toBe(400);
    expect(badViews.json().message).toMatch(/views/);
    const badCover = await create({ ...post, coverPhoto: 'javascript:alert(1)' });
    expect(badCover.statusCode).toBe(400);
  });

  it('refuses an update without title or text with the edit screen’s message, All fields are required', async () => {
    const { app, token, create } = await setup();
    const { _id } = (await create(post)).json().blog;
    const update = (body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/blog/${_id}`, headers: bearer(token), payload: body });
    for (const body of [
      { ...post, title: '   ' },
      { ...post, description: '' },
      { ...post, description: '<p><br></p><script>alert(1)</script>' },
    ]) {
      const refused = await update(body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringMatching(/All fields are required$/)]);
    }
  });

  it('takes a cover only from our own uploads, as a key or its URL, and refuses any other address', async () => {
    const { app, token, create } = await setup();
    let requestsToElsewhere = 0;
    const elsewhere = createServer((_request, response) => {
      requestsToElsewhere += 1;
      response.end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const { port } = elsewhere.address() as { port: number };
    try {
      for (const coverPhoto of [
        `http://127.0.0.1:${port}/x.png`,
        `http://127.0.0.1:${port}/media/blogImages/1_rentree.jpg`,
        'http://127.0.0.1:8080/media/other/1_rentree.jpg',
        'http://127.0.0.1:8080/media/blogImages/..%2Fcentre.sqlite',
        '/media/blogImages/1_rentree.jpg',
      ]) {
        const refused = await create({ ...post, coverPhoto });
        expect(refused.statusCode, coverPhoto).toBe(400);
        expect(refused.json().message, coverPhoto).toMatch(/coverPhoto must be .*uploaded/);
      }
      const { _id } = (await create(post)).json().blog;
      const moved = await app.inject({
        method: 'PUT',
        url: `/api/blog/${_id}`,
        headers: bearer(token),
        payload: { ...post, coverPhoto: `http://127.0.0.1:${port}/x.png` },
      });
      expect(moved.statusCode).toBe(400);
      expect(requestsToElsewhere).toBe(0);
    } finally {
      elsewhere.close();
    }
    const byKey = await create({ ...post, title: 'Par clé', coverPhoto: 'blogImages/2_atelier.png' });
    expect(byKey.json().blog.coverPhoto).toBe('http://127.0.0.1:8080/media/blogImages/2_atelier.png');
  });

  it('deletes the images of a deleted post or a replaced cover, with their copies, unless another post still shows them', async () => {
    const { app, token, create } = await setup();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0d5c3a' } })
      .png()
      .toBuffer();
    const uploadCover = async () => {
      const uploaded = await uploadImage(app, token, png);
      return uploaded.json<{ url: string; key: string; variants: Array<{ url: string }> }>();
    };
    const status = async (url: string) => (await app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

    const own = await uploadCover();
    const shared = await uploadCover();
    const first = (
      await create({ ...post, coverPhoto: own.url, description: `<p>Voir <a href="${shared.url}">la photo</a>.</p>` })
    ).json().blog;
    const second = (await create({ ...post, title: 'Autre article', coverPhoto: shared.key })).json().blog;

    await app.inject({ method: 'DELETE', url: `/api/blog/${first._id}`, headers: bearer(token) });
    for (const url of [own.url, ...own.variants.map((variant) => variant.url)]) expect(await status(url), url).toBe(404);
    for (const url of [shared.url, ...shared.variants.map((variant) => variant.url)]) expect(await status(url), url).toBe(200);

    const replacement = await uploadCover();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/blog/${second._id}`,
      headers: bearer(token),
      payload: { ...post, title: 'Autre article', coverPhoto: replacement.url },
    });
    expect(edited.statusCode).toBe(200);
    for (const url of [shared.url, ...shared.variants.map((variant) => variant.url)]) expect(await status(url), url).toBe(404);

    await app.inject({ method: 'DELETE', url: `/api/blog/${second._id}`, headers: bearer(token) });
    for (const url of [replacement.url, ...replacement.variants.map((variant) => variant.url)])
      expect(await status(url), url).toBe(404);
    const keys: string[] = [];
    for await (const key of app.storage.list('blogImages')) keys.push(key);
    expect(keys).toEqual([]);
  });

  it('counts one view per reader however often the page is reloaded', async () => {
    const { app, create } = await setup();
    const { _id } = (await create({ ...post, views: 0 })).json().blog;
    for (let reload = 0; reload < 20; reload += 1) {
      const beacon = await app.inject({ method: 'POST', url: `/api/blog/${_id}/view`, remoteAddress: '10.0.0.1' });
      expect(beacon.statusCode).toBe(204);
    }
    await app.inject({ method: 'POST', url: `/api/blog/${_id}/view`, remoteAddress: '10.0.0.2' });
    expect((await app.inject({ method: 'GET', url: `/api/blog/${_id}` })).json().views).toBe(2);
  });

  it('stores a post’s English version, sanitised as the French text, gives it to the site build, and clears it with both fields blank', async () => {
    const { app, token, create } = await setup();
    const requests: string[] = [];
    app.siteBuilder.request = (reason: string) => {
      requests.push(reason);
    };
    const english = {
      titleEn: '  January intake: enrolment is open ',
      descriptionEn: '<p onclick="x()">Enrolment is <strong>open</strong>.<script>alert(1)</script></p>',
    };
    const created = (await create({ ...post, ...english })).json().blog;
    expect(created).toMatchObject({
      titleEn: 'January intake: enrolment is open',
      descriptionEn: '<p>Enrolment is <strong>open</strong>.</p>',
    });
    const published = (await app.inject({ method: 'GET', url: '/api/blog/published' })).json();
    expect(published).toEqual([
      expect.objectContaining({ _id: created._id, titleEn: created.titleEn, descriptionEn: created.descriptionEn }),
    ]);
    // The lists say which posts have an English version, without their texts.
    const list = (await app.inject({ method: 'GET', url: '/api/blog', headers: bearer(token) })).json();
    expect(list).toEqual([expect.objectContaining({ _id: created._id, hasEnglish: true })]);
    expect(list[0].titleEn).toBeUndefined();

    const update = (body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/blog/${created._id}`, headers: bearer(token), payload: body });
    // A client that sends no English leaves it as it was.
    expect((await update(post)).json().blog).toMatchObject({ titleEn: created.titleEn, descriptionEn: created.descriptionEn });
    const renamed = (await update({ ...post, titleEn: 'Enrolment for January', descriptionEn: english.descriptionEn })).json()
      .blog;
    expect(renamed.titleEn).toBe('Enrolment for January');
    const cleared = (await update({ ...post, titleEn: '', descriptionEn: '' })).json().blog;
    expect(cleared).toMatchObject({ titleEn: '', descriptionEn: '' });
    expect((await app.inject({ method: 'GET', url: '/api/blog/published' })).json()[0]).toMatchObject({
      titleEn: '',
      descriptionEn: '',
    });
    expect((await app.inject({ method: 'GET', url: '/api/blog' })).json()[0].hasEnglish).toBe(false);
    // Each change of the English version publishes the site again, like any change of a published post.
    expect(requests).toHaveLength(4);
  });

  it('refuses half an English version, naming the half that is missing', async () => {
    const { app, token, create } = await setup();
    const titleOnly = await create({ ...post, titleEn: 'January intake' });
    expect([titleOnly.statusCode, titleOnly.json().message]).toEqual([400, expect.stringMatching(/English text is required/)]);
    const textOnly = await create({ ...post, titleEn: ' ', descriptionEn: '<p>Enrolment is open.</p>' });
    expect([textOnly.statusCode, textOnly.json().message]).toEqual([400, expect.stringMatching(/English title is required/)]);
    const markupOnly = await create({
      ...post,
      titleEn: 'January intake',
      descriptionEn: '<p><br></p><script>alert(1)</script>',
    });
    expect([markupOnly.statusCode, markupOnly.json().message]).toEqual([400, expect.stringMatching(/English text is required/)]);

    const { _id } = (await create(post)).json().blog;
    const update = await app.inject({
      method: 'PUT',
      url: `/api/blog/${_id}`,
      headers: bearer(token),
      payload: { ...post, titleEn: '', descriptionEn: '<p>Enrolment is open.</p>' },
    });
    expect([update.statusCode, update.json().message]).toEqual([400, expect.stringMatching(/English title is required/)]);
    expect((await app.inject({ method: 'GET', url: `/api/blog/${_id}` })).json()).toMatchObject({
      titleEn: '',
      descriptionEn: '',
    });
  });

  it('keeps an image the English text shows when the French text no longer does', async () => {
    const { app, token, create } = await setup();
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0d5c3a' } })
      .png()
      .toBuffer();
    const image = (await uploadImage(app, token, png)).json<{ url: string }>();
    const shown = `<p><img src="${image.url}" alt="The workshop"></p><p>Text</p>`;
    const { _id } = (await create({ ...post, description: shown, titleEn: 'Workshop', descriptionEn: shown })).json().blog;
    const update = (body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/blog/${_id}`, headers: bearer(token), payload: body });
    expect((await update({ ...post, titleEn: 'Workshop', descriptionEn: shown })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: new URL(image.url).pathname })).statusCode).toBe(200);
    expect((await update({ ...post, titleEn: '', descriptionEn: '' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: new URL(image.url).pathname })).statusCode).toBe(404);
  });

  it('stores sanitised HTML', async () => {
    const { create } = await setup();
    const saved = (await create({ ...post, description: '<p onclick="x()">Bonjour<script>alert(1)</script></p>' })).json().blog;
    expect(saved.description).toBe('<p>Bonjour</p>');
  });
});

describe('rich text sanitising', () => {
  const payloads: Array<[string, string, RegExp?]> = [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)><p>ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="  javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p style="color: red; position: fixed; background-image: url(javascript:alert(1))">x</p>', '<p style="color:red">x</p>'],
    ['<p style="color: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="p"></form>', ''],
    ['<p><math><mi xlink:href="javascript:alert(1)">x</mi></math></p>', '<p>x</p>'],
    ['<details open ontoggle=alert(1)>', ''],
    ['<p class="ql-align-center evil">x</p>', '<p class="ql-align-center">x</p>'],
    ['<base href="https://evil.example/">', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ];

  it('keeps an image uploaded here with its description, size and WebP copies, lazily loaded', () => {
    const image = `<p><img src="${mediaBase}blogImages/atelier.jpg" alt="Deux apprentis soudent un cadre" width="1600" height="1067" srcset="${mediaBase}blogImages/atelier-480w.webp 480w, ${mediaBase}blogImages/atelier-960w.webp 960w" onerror="alert(1)"></p>`;
    expect(sanitizePostHtml(image, mediaBase)).toBe(
      `<p><img src="${mediaBase}blogImages/atelier.jpg" alt="Deux apprentis soudent un cadre" width="1600" height="1067" srcset="${mediaBase}blogImages/atelier-480w.webp 480w, ${mediaBase}blogImages/atelier-960w.webp 960w" sizes="(min-width: 46rem) 44rem, calc(100vw - 2rem)" loading="lazy" decoding="async" /></p>`,
    );
  });

  it.each([
    ['a pasted picture', '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="x">texte</p>', '<p>texte</p>'],
    ['a picture from another site', '<p><img src="https://tracker.example/pixel.gif" alt="">texte</p>', '<p>texte</p>'],
    ['a javascript: source', '<p><img src="javascript:alert(1)" alt="">texte</p>', '<p>texte</p>'],
  ])('drops %s', (_name, input, expected) => {
    expect(sanitizePostHtml(input, mediaBase)).toBe(expected);
  });

  it.each([
    ['a climb out of the media folder', `${mediaBase}../api/health`],
    ['an encoded climb', `${mediaBase}blogImages/%2e%2e/%2E%2E/api/health`],
    ['a climb hiding its slash', `${mediaBase}blogImages/..%2F..%2Fapi%2Fhealth`],
    ['a backslash climb', `${mediaBase}blogImages\\..\\..\\api\\health`],
  ])('drops an image whose source is %s, and such a srcset', (_name, url) => {
    expect(sanitizePostHtml(`<p><img src="${url}" alt="">texte</p>`, mediaBase)).toBe('<p>texte</p>');
    const image = `<img src="${mediaBase}blogImages/a.jpg" alt="Atelier" srcset="${url} 480w">`;
    expect(sanitizePostHtml(image, mediaBase)).toBe(
      `<img src="${mediaBase}blogImages/a.jpg" alt="Atelier" loading="lazy" decoding="async" />`,
    );
  });

  it('drops a srcset that names another site, keeping the image', () => {
    const image = `<img src="${mediaBase}blogImages/a.jpg" alt="Atelier" srcset="https://evil.example/a.webp 480w">`;
    expect(sanitizePostHtml(image, mediaBase)).toBe(
      `<img src="${mediaBase}blogImages/a.jpg" alt="Atelier" loading="lazy" decoding="async" />`,
    );
  });

  it.each(payloads)('neutralises %s', (input, expected) => {
    expect(sanitizePostHtml(input, mediaBase)).toBe(expected);
  });

  it('keeps everything the editor produces', () => {
    const quill =
      '<h1>Titre</h1><h2>Sous-titre</h2><h3>Section</h3><p class="ql-align-center"><strong>gras</strong> <em>italique</em> <u>souligné</u> <s>barré</s> <span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">couleur</span></p><ol><li data-list="ordered">un</li><li data-list="bullet">deux</li></ol><ul><li>trois</li></ul><p><a href="https://example.cm" target="_blank" rel="noopener noreferrer">lien</a> <a href="mailto:info@example.cm">mail</a> <a href="tel:+237600000000">tél</a></p>';
    const kept = sanitizePostHtml(quill, mediaBase);
    for (const fragment of [
      '<h1>Titre</h1>',
      '<h3>Section</h3>',
      '<p class="ql-align-center">',
      '<u>souligné</u>',
      '<s>barré</s>',
      'style="color:rgb(230, 0, 0);background-color:rgb(255, 255, 0)"',
      '<li data-list="bullet">deux</li>',
      'href="https://example.cm"',
      'href="mailto:info@example.cm"',
      'href="tel:+237600000000"',
    ]) {
      expect(kept).toContain(fragment);
    }
  });
});
