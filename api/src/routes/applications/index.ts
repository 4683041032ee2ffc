import {
  adminMessages,
  applicationInput,
  applicationList,
  applicationQuery,
  applicationReceived,
  applicationUpdated,
  errorResponse,
  idParams,
  messageResponse,
  publicFormMessages,
  updateApplicationInput,
} from '@cfp/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../audit/audit-log.ts';
import { applications } from '../../db/schema.ts';
import { answerForm, publicFormLimiter, refusal } from '../../forms/public-form.ts';
import { csvDocument } from '../../http-csv.ts';
import { HttpError } from '../../http-error.ts';
import { newReference, saveApplication, toApplication } from './application-rows.ts';

const notFound = 'Application not found';
const security = [{ bearer: [] }];

/**
 * Pre-enrolment: students apply from the site (public, rate-limited, French answers); staff
 * follow the applications in the admin (list, status and note, CSV, deletion, all audited).
 */
const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = publicFormLimiter();

  app.post(
    '/applications',
    {
      config: { public: true },
      attachValidation: true,
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Apply for a programme (pre-enrolment)',
        tags: ['applications'],
        body: applicationInput,
        response: { 201: applicationReceived, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const refused = refusal(limiter, request, '/preinscription/erreur');
      if (refused) return answerForm(app, request, reply, refused);
      const { website, consent: _consent, ...fields } = request.body;
      const programme = app.programmes.get(fields.programme);
      const mismatch = !programme
        ? 'Choisissez une formation.'
        : fields.schedule && !programme.schedules.includes(fields.schedule)
          ? 'Choisissez un horaire proposé pour cette formation.'
          : fields.intake && !programme.intakes.includes(fields.intake)
            ? 'Choisissez une rentrée proposée pour cette formation.'
            : undefined;
      if (mismatch)
        return answerForm(app, request, reply, { status: 400, body: { message: mismatch }, page: '/preinscription/erreur' });

      // A filled honeypot is a bot: it gets the same answer and nothing is stored.
      let reference = newReference();
      if (!website) {
        const forwarder = app.applicationForwarder;
        const saved = await app.groupCommit.run(() => saveApplication(app.db, fields, forwarder ? 'pending' : 'not_configured'));
        reference = saved.row.reference;
        if (forwarder && saved.created) void forwarder.forward(saved.row.id);
      }
      return answerForm(app, request, reply, {
        status: 201,
        body: { message: publicFormMessages.applicationReceived, reference },
        page: '/preinscription/merci',
      });
    },
  );

  const filtered = (query: { programme?: string; status?: (typeof applications.status.enumValues)[number]; intake?: string }) => {
    const conditions: SQL[] = [];
    if (query.programme) conditions.push(eq(applications.programme, query.programme));
    if (query.status) conditions.push(eq(applications.status, query.status));
    if (query.intake) conditions.push(eq(applications.intake, query.intake));
    return app.db
      .select()
      .from(applications)
      .where(and(...conditions))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .all();
  };

  app.get(
    '/applications',
    {
      schema: {
        summary: 'Applications, newest first, filtered by programme, status or intake',
        tags: ['applications'],
        security,
        querystring: applicationQuery,
        response: { 200: applicationList },
      },
    },
    async (request) => filtered(request.query).map(toApplication),
  );

  app.get(
    '/applications/export.csv',
    {
      schema: { summary: 'Applications as CSV (same filters)', tags: ['applications'], security, querystring: applicationQuery },
    },
    async (request, reply) => {
      const rows = filtered(request.query).map(toApplication);
      const header = [
        'reference',
        'programme',
        'firstName',
        'lastName',
        'phone',
        'email',
        'town',
        'level',
        'schedule',
        'intake',
        'heardFrom',
        'status',
        'note',
        'createdAt',
      ];
      const csv = csvDocument(
        header,
        rows.map((row) => header.map((column) => String(row[column as keyof typeof row] ?? ''))),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="preinscriptions.csv"')
        .header('cache-control', 'no-store')
        .send(`\uFEFF${csv}`);
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
      const { status, note } = request.body;
      const row = app.db.transaction((tx) => {
        const current = tx.select().from(applications).where(eq(applications.id, request.params.id)).get();
        if (!current) return undefined;
        const statusChange = status !== undefined && status !== current.status;
        const updated = tx
          .update(applications)
          .set({
            ...(note !== undefined && { note: note || null }),
            ...(statusChange && { status, statusChangedBy: request.admin.username, statusChangedAt: new Date() }),
          })
          .where(eq(applications.id, current.id))
          .returning()
          .get();
        if (statusChange) {
          recordAudit(tx, {
            action: 'application.status',
            actor: { id: request.admin.id, name: request.admin.username },
            target: `${current.reference}: ${current.status} → ${status}`,
            address: request.ip,
          });
        }
        return updated;
      });
      if (!row) throw new HttpError(404, notFound);
      return { message: adminMessages.applicationUpdated, data: toApplication(row) };
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
      const deleted = app.db.transaction((tx) => {
        const row = tx.delete(applications).where(eq(applications.id, request.params.id)).returning().get();
        if (row) {
          recordAudit(tx, {
            action: 'application.delete',
            actor: { id: request.admin.id, name: request.admin.username },
            target: `${row.reference} (${row.programme})`,
            address: request.ip,
          });
        }
        return row;
      });
      if (!deleted) throw new HttpError(404, notFound);
      return { message: adminMessages.applicationDeleted };
    },
  );
};

export default applicationRoutes;
