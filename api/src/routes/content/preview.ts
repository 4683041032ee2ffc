import { centreDocument, faqDocument, programmeDocument } from '@cfp/content/editing';
import { contentPreviewResponse, contentSaveMaxBytes, contentSaveRequest, errorResponse, fieldErrorResponse } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewForm } from '../../content/content-preview.ts';
import { HttpError } from '../../http/http-error.ts';
import { perAdminPerMinute } from '../../http/route-hooks.ts';
import { contentWorkspace } from './content-session.ts';
import { englishCentre, englishFaq, englishProgramme, slugParams } from './form-documents.ts';

const previewResponses = { 200: contentPreviewResponse, 400: fieldErrorResponse, 409: fieldErrorResponse, 429: errorResponse };
const security = [{ bearer: [] }];
const tags = ['content'];

/**
 * "Preview" beside each content form's Save: the values as typed, checked as a save checks them,
 * rendered by the site's own templates into pages only the preview's address shows
 * (GET /api/site-preview/…). Nothing is committed or published.
 */
const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  // A preview is a site build (seconds of the machine's CPU): a few a minute are what a person asks.
  const limitPreviews = perAdminPerMinute(10, { many: 'previews', verb: 'preview' });
  const options = (summary: string, superAdminOnly = false) => ({
    config: { superAdminOnly },
    bodyLimit: contentSaveMaxBytes,
    preHandler: limitPreviews,
    schema: { summary, tags, security, body: contentSaveRequest, response: previewResponses },
  });
  const programmeOptions = options('Preview a programme’s pages as typed, in both languages');

  app.post(
    '/content/centre/preview',
    options('Preview the centre’s details as typed, in both languages', true),
    async (request) => previewForm(contentWorkspace(app), app.sitePreviews, centreDocument, request.body, englishCentre),
  );

  app.post('/content/faq/preview', options('Preview the FAQ as typed, in both languages'), async (request) =>
    previewForm(contentWorkspace(app), app.sitePreviews, faqDocument, request.body, englishFaq),
  );

  app.post(
    '/content/programmes/:slug/preview',
    { ...programmeOptions, schema: { ...programmeOptions.schema, params: slugParams } },
    async (request) => {
      const { slug } = request.params;
      if (!app.catalogue.programme(slug)) throw new HttpError(404, 'No such programme');
      return previewForm(contentWorkspace(app), app.sitePreviews, programmeDocument(slug), request.body, englishProgramme(slug));
    },
  );
};

export default previewRoutes;
