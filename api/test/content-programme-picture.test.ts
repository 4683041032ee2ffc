import path from 'node:path';
import { checkContent } from '@cfp/content/check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, insertAdmin, loginAs, testEditor, uploadImage } from './helper.ts';
import { bearer, committedContent, git } from './support/content-repository.ts';

/** A photo as a phone takes it: 2400 × 1600, with the place it was taken in its metadata. */
function phonePhoto(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', ImageDescription: 'Nkoabang, 3.86N 11.60E' } })
    .toBuffer();
}

const putPicture = (app: FastifyInstance, token: string, bytes: Buffer, fileName = 'atelier.jpg') =>
  uploadImage(app, token, bytes, fileName, { method: 'PUT', url: '/api/content/programmes/soudure/picture' });

async function signedInApp(root: string) {
  const app = await buildTestApp({ env: { CONTENT_DIR: path.join(root, 'content') } });
  return { app, token: await loginAs(app) };
}

describe('a programme’s photo', () => {
  it('is re-encoded to 1600 px without its metadata, committed beside the programme’s file, shown to the admin, then removed', async () => {
    const root = committedContent();
    const { app, token } = await signedInApp(root);
    const before = git(root, 'rev-parse', 'HEAD');

    const added = await putPicture(app, token, await phonePhoto());
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Soudure: photo added');
    expect(git(root, 'rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
      'content/formations/soudure.jpg',
      'content/formations/soudure.md',
    ]);
    expect(git(root, 'show', 'HEAD:content/formations/soudure.md')).toMatch(/^picture: "\.\/soudure\.jpg"$/m);
    const shown = await app.inject({ method: 'GET', url: '/api/content/programmes/soudure/picture', headers: bearer(token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(shown.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 1600, 1067, undefined]);
    expect(checkContent(path.join(root, 'content')).problems.filter(({ field }) => field === 'picture')).toEqual([]);
    const list = await app.inject({ method: 'GET', url: '/api/content/programmes', headers: bearer(token) });
    expect(list.json().programmes.find(({ slug }: { slug: string }) => slug === 'soudure').picture).toBe(true);

    const replaced = await putPicture(app, token, await phonePhoto(1200, 900));
    expect(replaced.json().message).toBe('Soudure: photo changed');
    // A photo is no text: its change is not one Undo can take back.
    const history = replaced.json().revision.history;
    expect(history[0]).toMatchObject({ kind: 'staff', message: 'Soudure: photo changed', undoable: false });

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/content/programmes/soudure/picture',
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Soudure: photo removed');
    expect(git(root, 'show', 'HEAD:content/formations/soudure.md')).toBe(
      git(root, 'show', `${before}:content/formations/soudure.md`),
    );
    expect(git(root, 'ls-files', 'content/formations/soudure.jpg')).toBe('');
    expect(
      (await app.inject({ method: 'GET', url: '/api/content/programmes/soudure/picture', headers: bearer(token) })).statusCode,
    ).toBe(404);
  });

  it('refuses what is no image, a photo too small for a card, and an admin who is not a superAdmin, writing nothing', async () => {
    const root = committedContent();
    const { app, token } = await signedInApp(root);
    const head = git(root, 'rev-parse', 'HEAD');

    const text = await putPicture(app, token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'photo.jpg');
    expect(text.statusCode).toBe(415);
    const small = await putPicture(app, token, await phonePhoto(640, 480));
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('The photo is 640 px wide: give one at least 960 px wide');
    await insertAdmin(app, testEditor);
    const editor = await loginAs(app, testEditor.email, testEditor.password);
    expect((await putPicture(app, editor, await phonePhoto())).statusCode).toBe(403);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});
