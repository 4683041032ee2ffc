import { applicationNextSteps } from '@cfp/content/next-steps';
import {
  type ApplicationData,
  adminMessages,
  application,
  applicationCountQuery,
  applicationFacets as applicationFacetsSchema,
  applicationFilterQuery,
  applicationInput,
  applicationQuery,
  applicationReceived,
  applicationSummary,
  applicationUpdated,
  countResponse,
  errorResponse,
  fieldErrorResponse,
  idParams,
  type Locale,
  localizedApplicationInput,
  localizedFieldMessages,
  localizedPublicFormMessages,
  messageResponse,
  pageOf,
  programmePath,
  updateApplicationInput,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeApplication, deleteApplication } from '../../applications/application-changes.ts';
import { applicationCsvColumns } from '../../applications/application-csv.ts';
import {
  type ApplicationRow,
  applicationBatch,
  applicationFacets,
  applicationPage,
  countApplications,
  findApplication,
  repeatsOf,
} from '../../applications/application-list.ts';
import { toApplication, toApplicationSummary } from '../../applications/application-shapes.ts';
import { newReference, saveApplication } from '../../applications/save-application.ts';
import { confirmationPage, sendPage } from '../../forms/answer-pages.ts';
import { acceptFormPosts, isFormPost, type PublicForm, publicFormLimiter, refuseOrGiveBack } from '../../forms/public-form.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { HttpError } from '../../http/http-error.ts';
import { preEnrolmentForm } from './pre-enrolment-form.ts';

const notFound = 'Application not found';
/** The answer page's header when the centre's name is not in the content yet. */
const pageTitle = { fr: 'Pré-inscription', en: 'Pre-enrolment' } satisfies Record<Locale, string>;
const security = [{ bearer: [] }];

/**
 * Pre-enrolment: students apply from the site (public, rate-limited, answered in the language of
 * the page they applied from); staff follow the applications in the admin (list, status and
 * note, CSV, deletion, all audited).
 */
const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The programme as the student read it; by its slug and French page when it has left the content. */
  const studentProgramme = ({ language, programme: slug }: ApplicationRow) => {
    const programme = app.catalogue.programmeIn(language, slug);
    return programme
      ? { title: programme.title, path: programmePath(programme.pageSlug, language) }
      : { title: slug, path: programmePath(slug) };
  };
  /** One application as its details show it, with the repeats sent after it; undefined once deleted. */
  const applicationDetails = (id: number) => {
    const row = findApplication(app.db, id);
    return row && toApplication(row, app.catalogue.title(row.programme), studentProgramme(row), repeatsOf(app.db, id));
  };

  const form: PublicForm = {
    limiter: publicFormLimiter(),
    schemas: localizedApplicationInput,
    givenBack: preEnrolmentForm(app.catalogue, app.config.publicUrls.site, app.config.timeZone),
  };

  await acceptFormPosts(app);

  app.post(
    '/applications',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Apply for a programme (pre-enrolment): JSON, or a urlencoded form answered with an HTML page, in the language it was sent in',
        tags: ['applications'],
        body: applicationInput,
        response: { 201: applicationReceived, 400: fieldErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const checked = request.validationError ? undefined : checkAgainstCatalogue(request.body);
      const refused = refuseOrGiveBack(app, request, reply, form, checked?.errors);
      if (refused) return refused;
      if (!checked?.programme) throw new Error('A pre-enrolment the catalogue has not refused names a programme on offer');

      const { website, consent: _consent, ...fields } = request.body;
      const { programme } = checked;
      const site = app.config.publicUrls.site;
      const centre = app.catalogue.centreIn(fields.language);
      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      let reference = newReference();
      if (!website) {
        const forwarder = app.applicationForwarder;
        const confirmation = fields.email ? (app.applicantMailer ? 'pending' : 'not_configured') : null;
        const saved = await app.groupCommit.run(() =>
          saveApplication(app.db, fields, { forwarding: forwarder ? 'pending' : 'not_configured', confirmation }),
        );
        reference = saved.row.reference;
        if (forwarder && saved.created) void forwarder.send(saved.row.id);
        if (app.applicantMailer && saved.created && saved.row.confirmation === 'pending') {
          void app.applicantMailer.send(saved.row.id);
        }
      }
      const nextSteps = applicationNextSteps(fields.language, programme, centre, { reference, ...fields }, site);
      const message = localizedPublicFormMessages[fields.language].applicationReceived;
      if (isFormPost(request)) {
        const centreName = centre?.name ?? pageTitle[fields.language];
        return sendPage(
          reply,
          201,
          confirmationPage({ reference, message, nextSteps, centreName, siteUrl: site, locale: fields.language }),
        );
      }
      return reply.status(201).send({ message, reference, nextSteps });
    },
  );

  /** What the schema cannot check: the programme exists and is offered, and offers the schedule and intake chosen. */
  const checkAgainstCatalogue = (body: ApplicationData) => {
    const messages = localizedFieldMessages[body.language];
    const programme = app.catalogue.programmeIn(body.language, body.programme);
    if (!programme) return { errors: { programme: messages.chooseListedProgramme } };
    if (programme.retired) return { errors: { programme: messages.programmeRetired } };
    const errors: Record<string, string> = {};
    if (body.schedule && !programme.schedules.includes(body.schedule)) errors.schedule = messages.chooseSchedule;
    if (body.intake && !programme.intakes.includes(body.intake)) errors.intake = messages.chooseIntake;
    return { programme, errors };
  };

  const title = (slug: string) => app.catalogue.title(slug);
  const timeZone = app.config.timeZone;

  app.get(
    '/applications',
    {
      schema: {
        summary: 'A page of applications (20), newest first, filtered by programme, status, intake or a search q',
        tags: ['applications'],
        security,
        querystring: applicationQuery,
        response: { 200: pageOf(applicationSummary) },
      },
    },
    async (request) => {
      const page = applicationPage(app.db, request.query);
      return { ...page, items: page.items.map((row) => toApplicationSummary(row, title(row.programme))) };
    },
  );

  app.get(
    '/applications/count',
    {
      schema: {
        summary: 'How many applications (with a status, e.g. new: the navigation badge)',
        tags: ['applications'],
        security,
        querystring: applicationCountQuery,
        response: { 200: countResponse },
      },
    },
    async (request) => ({ count: countApplications(app.db, request.query.status) }),
  );

  app.get(
    '/applications/facets',
    {
      schema: {
        summary: 'What the list’s filters offer: counts by status, programme and intake',
        tags: ['applications'],
        security,
        response: { 200: applicationFacetsSchema },
      },
    },
    async () => applicationFacets(app.db, title),
  );

  app.get(
    '/applications/export.csv',
    {
      schema: {
        summary: 'Applications as CSV for a French spreadsheet (same filters), streamed',
        tags: ['applications'],
        security,
        querystring: applicationFilterQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv<ApplicationRow>(reply, {
        fileName: 'preinscriptions.csv',
        columns: applicationCsvColumns(title, timeZone),
        nextBatch: (last) => applicationBatch(app.db, request.query, last),
      }),
  );

  app.get(
    '/applications/:id',
    {
      schema: {
        summary: 'One application, with its message and note',
        tags: ['applications'],
        security,
        params: idParams,
        response: { 200: application, 404: errorResponse },
      },
    },
    async (request) => {
      const details = applicationDetails(request.params.id);
      if (!details) throw new HttpError(404, notFound);
      return details;
    },
  );

  app.patch(
    '/applications/:id',
    {
      schema: {
        summary: 'Change an application’s status or note',
        tags: ['applications'],
        security,
        params: idParams,
        body: updateApplicationInput,
        response: { 200: applicationUpdated, 404: errorResponse },
      },
    },
    async (request) => {
      const updated = changeApplication(app.db, request.params.id, request.body, request);
      const data = updated && applicationDetails(request.params.id);
      if (!data) throw new HttpError(404, notFound);
      return { message: adminMessages.applicationUpdated, data };
    },
  );

  app.delete(
    '/applications/:id',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Delete an application and the personal data it holds (superAdmin)',
        tags: ['applications'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const deleted = deleteApplication(app.db, request.params.id, request);
      if (!deleted) throw new HttpError(404, notFound);
      return { message: adminMessages.applicationDeleted };
    },
  );
};

export default applicationRoutes;
