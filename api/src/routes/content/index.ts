import type { Centre } from '@cfp/content';
import { missingDetails } from '@cfp/content';
import { centreDocument, faqDocument, listProgrammes, programmeDocument } from '@cfp/content/editing';
import {
  centreDetails,
  contentFieldLink,
  contentRevertRequest,
  contentSaveRequest,
  contentSaveResponse,
  errorResponse,
  faqDetails,
  fieldErrorResponse,
  programmeDetails,
  programmeSummaryList,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, revertChange, saveForm } from '../../content/content-editor.ts';
import { HttpError } from '../../http-error.ts';

const slugParams = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'slug is a programme’s address, such as soudure' }),
});
const saveResponses = { 200: contentSaveResponse, 400: fieldErrorResponse, 409: fieldErrorResponse };
const security = [{ bearer: [] }];
const tags = ['content'];

/** The details of centre.yaml still to give, by form field, each once. */
function missingFields(centre: Centre) {
  const byField = new Map<string, { field: string; hint: string; optional: boolean }>();
  for (const problem of missingDetails(centre)) {
    const field = contentFieldLink('content/centre.yaml', problem.field)?.field;
    if (field && !byField.has(field)) byField.set(field, { field, hint: problem.message, optional: problem.optional === true });
  }
  return [...byField.values()];
}

/**
 * The admin's "Site content": the facts of content/ staff change in forms, each save a git
 * commit (docs/decisions/0012). Every admin edits programmes and the FAQ; the centre's details
 * and undoing a change are for superAdmins.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/centre',
    { schema: { summary: 'The centre’s details, as the form shows them', tags, security, response: { 200: centreDetails } } },
    async () => {
      const { data, values, revision } = await readForm(app, centreDocument);
      return { values, missing: missingFields(data as Centre), revision };
    },
  );

  app.put(
    '/content/centre',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Save the centre’s details (a git commit)',
        tags,
        security,
        body: contentSaveRequest,
        response: saveResponses,
      },
    },
    async (request) => saveForm(app, request, centreDocument, request.body),
  );

  app.get(
    '/content/programmes',
    {
      schema: {
        summary: 'The programmes, with what each does not publish yet',
        tags,
        security,
        response: { 200: programmeSummaryList },
      },
    },
    async () => listProgrammes(app.config.content.directory),
  );

  app.get(
    '/content/programmes/:slug',
    {
      schema: {
        summary: 'A programme’s facts and texts, as the form shows them',
        tags,
        security,
        params: slugParams,
        response: { 200: programmeDetails, 404: errorResponse },
      },
    },
    async (request) => {
      const summary = listProgrammes(app.config.content.directory).find(({ slug }) => slug === request.params.slug);
      if (!summary) throw new HttpError(404, 'No such programme');
      const { values, revision } = await readForm(app, programmeDocument(summary.slug));
      return { ...summary, values, revision };
    },
  );

  app.put(
    '/content/programmes/:slug',
    {
      schema: {
        summary: 'Save a programme’s facts and texts (a git commit)',
        tags,
        security,
        params: slugParams,
        body: contentSaveRequest,
        response: { ...saveResponses, 404: errorResponse },
      },
    },
    async (request) => {
      if (!app.catalogue.programme(request.params.slug)) throw new HttpError(404, 'No such programme');
      return saveForm(app, request, programmeDocument(request.params.slug), request.body);
    },
  );

  app.get(
    '/content/faq',
    { schema: { summary: 'The FAQ, as the form shows it', tags, security, response: { 200: faqDetails } } },
    async () => {
      const { values, revision } = await readForm(app, faqDocument);
      return { values, revision };
    },
  );

  app.put(
    '/content/faq',
    {
      schema: { summary: 'Save the FAQ (a git commit)', tags, security, body: contentSaveRequest, response: saveResponses },
    },
    async (request) => saveForm(app, request, faqDocument, request.body),
  );

  app.post(
    '/content/revert',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Undo a change of the content (a revert commit)',
        tags,
        security,
        body: contentRevertRequest,
        response: { 200: contentSaveResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => revertChange(app, request, request.body.commit),
  );
};

export default contentRoutes;
