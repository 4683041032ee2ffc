import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Centre, EnglishCentre } from '@cfp/content';
import { englishCentreFile, missingDetails } from '@cfp/content';
import {
  blankEnglishProgramme,
  centreDocument,
  faqDocument,
  listDepartments,
  listProgrammes,
  programmeDocument,
  programmePictureFile,
} from '@cfp/content/editing';
import {
  centreDetails,
  contentFieldLink,
  contentRevertRequest,
  contentSaveMaxBytes,
  contentSaveRequest,
  contentSaveResponse,
  type EnglishCentreValues,
  type EnglishFaqValues,
  type EnglishProgrammeValues,
  errorResponse,
  faqDetails,
  fieldErrorResponse,
  newProgrammeRequest,
  type ProgrammeForm,
  programmeDetails,
  programmeList,
  programmePath,
  programmeRetirementRequest,
  programmesConfirmRequest,
} from '@cfp/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmProgrammes } from '../../content/confirm-programmes.ts';
import { englishSlugIn, readForm, revertChange, saveForm } from '../../content/content-editor.ts';
import { createProgramme } from '../../content/create-programme.ts';
import { changeProgrammePicture } from '../../content/programme-picture.ts';
import { retireProgramme } from '../../content/retire-programme.ts';
import { HttpError } from '../../http/http-error.ts';
import { perAdminPerMinute } from '../../http/route-hooks.ts';
import { oneImageUpload, readUpload } from '../../images/read-upload.ts';
import { contentEditor, contentWorkspace } from './content-session.ts';
import { englishCentre, englishFaq, englishProgramme, slugParams } from './form-documents.ts';
import previewRoutes from './preview.ts';

const saveResponses = { 200: contentSaveResponse, 400: fieldErrorResponse, 409: fieldErrorResponse, 429: errorResponse };
const security = [{ bearer: [] }];
const tags = ['content'];

/** The details of centre.yaml, and the English words of content/en/centre.yaml, still to give, by form field, each once. */
function missingFields(centre: Centre, english: EnglishCentre | undefined) {
  const byField = new Map<string, { field: string; hint: string; optional: boolean }>();
  const problems = [...missingDetails(centre), ...(english ? missingDetails(english, englishCentreFile) : [])];
  for (const problem of problems) {
    const field = contentFieldLink(problem.file, problem.field)?.field;
    if (field && !byField.has(field)) byField.set(field, { field, hint: problem.message, optional: problem.optional === true });
  }
  return [...byField.values()];
}

/**
 * The admin's "Site content": the facts of content/ staff change in forms, each save a git
 * commit (docs/decisions/0012), the English texts beside the French ones (0025). Every admin edits programmes and the FAQ; the centre's details
 * and undoing a change are for superAdmins.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(previewRoutes);
  await app.register(fastifyMultipart, oneImageUpload(app.config.uploadMaxBytes));
  // Each save is a commit, a check of the content and a build of the site: a staff member saves a
  // few forms a minute; a script or a stuck key does not get to queue more.
  const limitSaves = perAdminPerMinute(20, { many: 'saves', verb: 'save' });

  app.get(
    '/content/centre',
    { schema: { summary: 'The centre’s details, as the form shows them', tags, security, response: { 200: centreDetails } } },
    async () => {
      const { data, values, english, revision } = await readForm(contentWorkspace(app), centreDocument, englishCentre);
      const englishWords = english?.exists ? (english.data as EnglishCentre) : undefined;
      return {
        values,
        missing: missingFields(data as Centre, englishWords),
        english: { file: english?.file ?? '', exists: english?.exists ?? false, values: english?.values as EnglishCentreValues },
        revision,
      };
    },
  );

  app.put(
    '/content/centre',
    {
      config: { superAdminOnly: true },
      bodyLimit: contentSaveMaxBytes,
      preHandler: limitSaves,
      schema: {
        summary: 'Save the centre’s details (a git commit)',
        tags,
        security,
        body: contentSaveRequest,
        response: saveResponses,
      },
    },
    async (request) => saveForm(contentWorkspace(app), contentEditor(app, request), centreDocument, request.body, englishCentre),
  );

  app.get(
    '/content/programmes',
    {
      schema: {
        summary: 'The programmes, with what each does not publish yet, and the version they were read at',
        tags,
        security,
        response: { 200: programmeList },
      },
    },
    async () =>
      app.contentRepository.serial(async () => ({
        programmes: listProgrammes(app.config.content.directory),
        version: await app.contentRepository.head(),
        departments: listDepartments(app.config.content.directory),
      })),
  );

  app.post(
    '/content/programmes',
    {
      config: { superAdminOnly: true },
      bodyLimit: contentSaveMaxBytes,
      preHandler: limitSaves,
      schema: {
        summary: 'Add a programme: its French file and its English twin (one git commit)',
        tags,
        security,
        body: newProgrammeRequest,
        response: { 200: contentSaveResponse, 400: fieldErrorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => createProgramme(contentWorkspace(app), contentEditor(app, request), request.body),
  );

  app.post(
    '/content/programmes/confirm',
    {
      preHandler: limitSaves,
      schema: {
        summary: 'Confirm several programmes’ facts at once (one git commit)',
        tags,
        security,
        body: programmesConfirmRequest,
        response: { 200: contentSaveResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => confirmProgrammes(contentWorkspace(app), contentEditor(app, request), request.body),
  );

  app.put(
    '/content/programmes/:slug/retired',
    {
      config: { superAdminOnly: true },
      preHandler: limitSaves,
      schema: {
        summary: 'Take a programme off the site, or put it back (a git commit)',
        tags,
        security,
        params: slugParams,
        body: programmeRetirementRequest,
        response: { 200: contentSaveResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => retireProgramme(contentWorkspace(app), contentEditor(app, request), request.params.slug, request.body),
  );

  app.get(
    '/content/programmes/:slug/picture',
    {
      schema: {
        summary: 'A programme’s photo, as its file in the content holds it (image/jpeg)',
        tags,
        security,
        params: slugParams,
        produces: ['image/jpeg'],
        response: { 200: z.unknown().describe('The photo (image/jpeg)'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const file = path.join(app.config.content.directory, programmePictureFile(request.params.slug));
      const hasPicture = listProgrammes(app.config.content.directory).some(
        (programme) => programme.slug === request.params.slug && programme.picture,
      );
      const bytes = hasPicture ? await readFile(file).catch(() => undefined) : undefined;
      if (!bytes) throw new HttpError(404, 'This programme has no photo');
      return reply.type('image/jpeg').header('cache-control', 'no-store').send(bytes);
    },
  );

  app.put(
    '/content/programmes/:slug/picture',
    {
      config: { superAdminOnly: true, largeBody: true },
      bodyLimit: app.config.uploadMaxBytes + 64 * 1024,
      preHandler: limitSaves,
      schema: {
        summary: 'Give a programme its photo, or replace it (multipart field "image"; a git commit)',
        tags,
        security,
        params: slugParams,
        consumes: ['multipart/form-data'],
        response: { 200: contentSaveResponse, 400: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data with a field named "image"');
      const { bytes } = await readUpload(request, app.config.uploadMaxBytes);
      return changeProgrammePicture(contentWorkspace(app), contentEditor(app, request), request.params.slug, bytes);
    },
  );

  app.delete(
    '/content/programmes/:slug/picture',
    {
      config: { superAdminOnly: true },
      preHandler: limitSaves,
      schema: {
        summary: 'Remove a programme’s photo: its card shows the illustration again (a git commit)',
        tags,
        security,
        params: slugParams,
        response: { 200: contentSaveResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => changeProgrammePicture(contentWorkspace(app), contentEditor(app, request), request.params.slug, null),
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
      const { data, values, english, revision } = await readForm(
        contentWorkspace(app),
        programmeDocument(summary.slug),
        englishProgramme(summary.slug),
      );
      const slug = englishSlugIn(english?.text);
      const blank = english?.exists ? undefined : blankEnglishProgramme(values as ProgrammeForm, data);
      return {
        ...summary,
        values,
        english: {
          file: english?.file ?? '',
          status: english?.status ?? 'missing',
          values: (blank?.values ?? english?.values) as EnglishProgrammeValues,
          path: slug ? programmePath(slug, 'en') : undefined,
          toTranslate: blank?.toTranslate,
        },
        revision,
      };
    },
  );

  app.put(
    '/content/programmes/:slug',
    {
      bodyLimit: contentSaveMaxBytes,
      preHandler: limitSaves,
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
      return saveForm(
        contentWorkspace(app),
        contentEditor(app, request),
        programmeDocument(request.params.slug),
        request.body,
        englishProgramme(request.params.slug),
      );
    },
  );

  app.get(
    '/content/faq',
    { schema: { summary: 'The FAQ, as the form shows it', tags, security, response: { 200: faqDetails } } },
    async () => {
      const { values, english, revision } = await readForm(contentWorkspace(app), faqDocument, englishFaq);
      const englishValues = english?.values as EnglishFaqValues;
      return {
        values,
        english: { file: english?.file ?? '', status: english?.status ?? 'missing', values: englishValues },
        revision,
      };
    },
  );

  app.put(
    '/content/faq',
    {
      bodyLimit: contentSaveMaxBytes,
      preHandler: limitSaves,
      schema: { summary: 'Save the FAQ (a git commit)', tags, security, body: contentSaveRequest, response: saveResponses },
    },
    async (request) => saveForm(contentWorkspace(app), contentEditor(app, request), faqDocument, request.body, englishFaq),
  );

  app.post(
    '/content/revert',
    {
      config: { superAdminOnly: true },
      preHandler: limitSaves,
      schema: {
        summary: 'Undo a change of the content (a revert commit)',
        tags,
        security,
        body: contentRevertRequest,
        response: { 200: contentSaveResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => revertChange(contentWorkspace(app), contentEditor(app, request), request.body.commit),
  );
};

export default contentRoutes;
