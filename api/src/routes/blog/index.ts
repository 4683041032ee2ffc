import {
  adminMessages,
  blogPost,
  blogPostFullList,
  blogPostInput,
  blogPostList,
  blogPostSaved,
  blogPostUpdateInput,
  englishVersionIncomplete,
  errorResponse,
  idParams,
  messageResponse,
  postEditTextRequired,
  postTextRequired,
  slugParams,
} from '@cfp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { countPostView, createPost, deletePost, type PostRefusal, updatePost } from '../../blog/post-changes.ts';
import { coverDescriber, foreignCoverMessage, imagesOfPost, ownImageKey, removeUnusedImages } from '../../blog/post-images.ts';
import { findPost, listPosts, listPublishedPostsWithContent, type PostRow, toListItem, toPost } from '../../blog/posts.ts';
import { type CachedAnswer, ResponseCache } from '../../blog/response-cache.ts';
import { hasVisibleText, sanitizePostHtml } from '../../blog/sanitize.ts';
import { ViewDeduplicator } from '../../blog/view-counter.ts';
import { HttpError } from '../../http/http-error.ts';
import { rateLimitKey } from '../../security/client-address.ts';

const security = [{ bearer: [] }];
const notFound = 'Blog post not found';

/** The answer to a post not saved. */
function refused(refusal: PostRefusal, slug: string | undefined): HttpError {
  if (refusal === 'not-found') return new HttpError(404, notFound);
  return new HttpError(409, `The slug "${slug}" is already used by another post`);
}

const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new ResponseCache();
  const views = new ViewDeduplicator();

  /** A post as the API answers it, its cover described from the upload's record. */
  const withCover = (row: PostRow) => toPost(row, coverDescriber(app.db, app.storage, [row])(row));

  /** A public answer, the same for every reader: kept to be replayed for the same URL (answer-replay.ts) while it is fresh. */
  const sendPublicAnswer = (request: FastifyRequest, reply: FastifyReply, { body, expiresAt }: CachedAnswer) => {
    reply.type('application/json; charset=utf-8');
    app.answerReplay.remember(request, reply, body, expiresAt);
    return reply.send(body);
  };

  const sendCachedJson = (request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown) =>
    sendPublicAnswer(request, reply, cache.get(key, build));

  const clearCache = () => {
    cache.clear();
    app.answerReplay.clear();
  };

  /**
   * A published post from the cache for anonymous readers; drafts only for a signed-in admin.
   * 404s are not cached: a post published a moment later must be found at once.
   */
  const sendPost = async (request: FastifyRequest, reply: FastifyReply, cacheKey: string, find: () => PostRow | undefined) => {
    const admin = request.headers.authorization ? await app.optionalAdmin(request) : undefined;
    if (!admin) {
      const cached = cache.getIfPresent(cacheKey);
      if (cached) return sendPublicAnswer(request, reply, cached);
    }
    const row = find();
    if (!row || (row.status !== 'published' && !admin)) throw new HttpError(404, notFound);
    if (row.status !== 'published') return withCover(row);
    return sendCachedJson(request, reply, cacheKey, () => withCover(row));
  };

  /** A cover is one of our uploads, stored as its public URL; '' for none; anything else is refused. */
  const coverUrl = (cover: string): string => {
    if (cover === '') return '';
    const key = ownImageKey(app.storage, cover);
    if (!key) throw new HttpError(400, foreignCoverMessage);
    return app.storage.publicUrl(key);
  };

  /**
   * A post's texts sanitised: the French one must show some text (else `required`), and the
   * English version, when given, is sanitised the same way and must too; '' for both clears it.
   */
  const sanitisedTexts = (
    input: { description: string; titleEn?: string | undefined; descriptionEn?: string | undefined },
    required: string,
  ) => {
    const imageBase = app.storage.publicUrl('');
    const description = sanitizePostHtml(input.description, imageBase);
    if (!hasVisibleText(description)) throw new HttpError(400, required);
    // An older client sends neither: the English version stays as it is.
    if (input.titleEn === undefined && input.descriptionEn === undefined) return { description };
    const titleEn = input.titleEn ?? '';
    const descriptionEn = sanitizePostHtml(input.descriptionEn ?? '', imageBase);
    if (titleEn && !hasVisibleText(descriptionEn)) throw new HttpError(400, englishVersionIncomplete.descriptionEn);
    return { description, titleEn, descriptionEn: titleEn ? descriptionEn : '' };
  };

  const afterChange = (reason: string) => {
    clearCache();
    app.siteBuilder.changed('posts', reason);
  };

  app.get(
    '/blog',
    {
      config: { public: true },
      schema: {
        summary: 'List posts, newest first (drafts too for a signed-in admin)',
        tags: ['blog'],
        response: { 200: blogPostList },
      },
    },
    async (request, reply) => {
      if (request.headers.authorization && (await app.optionalAdmin(request)))
        return listPosts(app.db, { includeDrafts: true }).map(toListItem);
      return sendCachedJson(request, reply, 'list', () => listPosts(app.db, { includeDrafts: false }).map(toListItem));
    },
  );

  app.get(
    '/blog/published',
    {
      config: { public: true },
      schema: {
        summary: 'Every published post with its content, for the site build',
        tags: ['blog'],
        response: { 200: blogPostFullList },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, 'published', () => {
        const posts = listPublishedPostsWithContent(app.db);
        const coverOf = coverDescriber(app.db, app.storage, posts);
        return posts.map((row) => toPost(row, coverOf(row)));
      }),
  );

  app.get(
    '/blog/slug/:slug',
    {
      config: { public: true },
      schema: {
        summary: 'A post by its slug',
        tags: ['blog'],
        params: slugParams,
        response: { 200: blogPost, 404: errorResponse },
      },
    },
    async (request, reply) =>
      sendPost(request, reply, `slug:${request.params.slug}`, () => findPost(app.db, { slug: request.params.slug })),
  );

  app.get(
    '/blog/:id',
    {
      config: { public: true },
      schema: { summary: 'A post by its id', tags: ['blog'], params: idParams, response: { 200: blogPost, 404: errorResponse } },
    },
    async (request, reply) =>
      sendPost(request, reply, `id:${request.params.id}`, () => findPost(app.db, { id: request.params.id })),
  );

  app.post(
    '/blog/:id/view',
    {
      config: { public: true },
      schema: { summary: 'View beacon of the public post page', tags: ['blog'], params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (views.shouldCount(rateLimitKey(request.ip), id)) {
        countPostView(app.db, id);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/blog',
    {
      schema: {
        summary: 'Create a post (published unless status is draft)',
        tags: ['blog'],
        security,
        body: blogPostInput,
        response: { 201: blogPostSaved, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const row = createPost(
        app.db,
        { ...input, ...sanitisedTexts(input, postTextRequired), coverPhoto: coverUrl(input.coverPhoto ?? '') },
        request.admin.username,
      );
      if (typeof row === 'string') throw refused(row, input.slug);
      recordAdminAction(app.db, request, 'post.create', `${row.slug} (${row.status})`);
      if (row.status === 'published') afterChange(`post created: ${row.slug}`);
      else clearCache();
      return reply.status(201).send({ message: adminMessages.postCreated, blog: withCover(row) });
    },
  );

  app.put(
    '/blog/:id',
    {
      schema: {
        summary: 'Update a post',
        tags: ['blog'],
        security,
        params: idParams,
        body: blogPostUpdateInput,
        response: { 200: blogPostSaved, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const saved = updatePost(app.db, id, { ...input, ...sanitisedTexts(input, postEditTextRequired) }, coverUrl);
      if (typeof saved === 'string') throw refused(saved, input.slug);
      const { before, after } = saved;
      // A replaced cover (or an image no longer linked) goes like a deleted post's, unless still shown.
      await removeUnusedImages(app.db, app.storage, imagesOfPost(app.storage, before), request.log);
      recordAdminAction(app.db, request, 'post.update', `${after.slug} (${after.status})`);
      if (before.status === 'published' || after.status === 'published') afterChange(`post updated: ${after.slug}`);
      else clearCache();
      return { message: adminMessages.postUpdated, blog: withCover(after) };
    },
  );

  app.delete(
    '/blog/:id',
    {
      schema: {
        summary: 'Delete a post, and the uploaded images no other post shows',
        tags: ['blog'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = deletePost(app.db, id);
      if (!deleted) throw new HttpError(404, notFound);
      await removeUnusedImages(app.db, app.storage, imagesOfPost(app.storage, deleted), request.log);
      recordAdminAction(app.db, request, 'post.delete', deleted.slug);
      if (deleted.status === 'published') afterChange(`post deleted: ${deleted.slug}`);
      else clearCache();
      return { message: adminMessages.postDeleted };
    },
  );
};

export default blogRoutes;
