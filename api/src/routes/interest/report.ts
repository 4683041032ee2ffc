import { interestQuery, interestReport as interestReportSchema } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvBatchSize, sendCsv } from '../../http/csv-export.ts';
import { type InterestCsvRow, interestCsvColumns, interestCsvRows } from '../../interest/interest-csv.ts';
import { interestReport } from '../../interest/interest-report.ts';

const security = [{ bearer: [] }];

/** The Interest screen: what each programme drew, week by week (docs/decisions/0039), and its CSV. */
const interestReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reportOf = (weeks: number) => interestReport(app.db, app.catalogue, { weeks, timeZone: app.config.timeZone });

  app.get(
    '/interest',
    {
      schema: {
        summary: 'Pages shown, pre-enrolments and messages per programme and week, for the weeks ending with the current one',
        tags: ['interest'],
        security,
        querystring: interestQuery,
        response: { 200: interestReportSchema },
      },
    },
    async (request) => reportOf(request.query.weeks),
  );

  app.get(
    '/interest/export.csv',
    {
      schema: {
        summary: 'The Interest report as CSV for a French spreadsheet: one line per programme and week',
        tags: ['interest'],
        security,
        querystring: interestQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const report = reportOf(request.query.weeks);
      const rows = interestCsvRows(report);
      let sent = 0;
      return sendCsv<InterestCsvRow>(reply, {
        fileName: `interest-${report.to}.csv`,
        columns: interestCsvColumns,
        nextBatch: () => {
          const batch = rows.slice(sent, sent + csvBatchSize);
          sent += batch.length;
          return batch;
        },
      });
    },
  );
};

export default interestReportRoutes;
