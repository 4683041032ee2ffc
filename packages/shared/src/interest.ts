import { z } from 'zod';
import { localeSchema } from './locales.ts';
import { screenClasses, viewSources, viewToken } from './page-views.ts';

/**
 * Interest in the site's pages, counted without cookies or identifiers: each page shown sends
 * one count (POST /api/views) with its address, language, where the reader came from (the
 * referrer's site grouped, never its address) and the screen's class. The API keeps daily
 * totals of these, nothing about the reader (docs/decisions/0039).
 */

/** Longest page address counted: longer ones are not the site's. */
const maxPathLength = 200;

/** One page shown, as the page's script sends it (a urlencoded body, which a beacon sends without a preflight). */
export const pageViewInput = z
  .object({
    path: z
      .string()
      .max(maxPathLength)
      .regex(/^\/[\w\-./]*$/),
    language: localeSchema,
    source: z.enum(viewSources),
    screen: z.enum(screenClasses),
    token: z.string().max(16),
  })
  .refine((view) => view.token === viewToken(view.path), { error: 'not a page of the site', path: ['token'] });
export type PageViewInput = z.infer<typeof pageViewInput>;

/** A calendar day as ISO 8601 writes it: the first day (a Monday) of a week in the reports. */
const isoDay = z.iso.date();

/** How many weeks the Interest screen can show at once: a year and a week. */
export const maxInterestWeeks = 53;

/** GET /api/interest: the `weeks` weeks ending with the current one (Monday to Sunday, in the centre's time zone). */
export const interestQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(maxInterestWeeks).default(52),
});
export type InterestQuery = z.infer<typeof interestQuery>;

/** What a programme drew over a period: its pages shown in each language, and what its readers asked. */
export const interestCounts = z.object({
  viewsFr: z.number().int(),
  viewsEn: z.number().int(),
  preEnrolments: z.number().int(),
  callbacks: z.number().int(),
  /** Contact messages naming the programme (callback requests aside). */
  messages: z.number().int(),
});
export type InterestCounts = z.infer<typeof interestCounts>;

const viewsBySource = z.object(
  Object.fromEntries(viewSources.map((source) => [source, z.number().int()])) as {
    [source in (typeof viewSources)[number]]: z.ZodNumber;
  },
);

export const programmeInterest = z.object({
  /** The French page's slug, as applications and messages name the programme. */
  slug: z.string(),
  /** As the site prints it; the slug when the programme is no longer in the content. */
  title: z.string(),
  /** Its department's slug; null when the programme is no longer in the content. */
  department: z.string().nullable(),
  totals: interestCounts,
  /** One entry per week of the report, in its order (`InterestReport.weeks`). */
  weeks: z.array(interestCounts),
  /** Its pages shown, by where the reader came from. */
  sources: viewsBySource,
});
export type ProgrammeInterest = z.infer<typeof programmeInterest>;

export const departmentInterest = z.object({
  slug: z.string(),
  title: z.string(),
  /** Its programmes' counts summed. */
  totals: interestCounts,
});
export type DepartmentInterest = z.infer<typeof departmentInterest>;

export const interestReport = z.object({
  /** The first day (a Monday) of each week of the report, oldest first. */
  weeks: z.array(isoDay),
  /** The last day counted (today, in the centre's time zone). */
  to: isoDay,
  programmes: z.array(programmeInterest),
  departments: z.array(departmentInterest),
  /** Every page of the site shown, by where the reader came from and by screen class. */
  sources: viewsBySource,
  screens: z.object(
    Object.fromEntries(screenClasses.map((screen) => [screen, z.number().int()])) as {
      [screen in (typeof screenClasses)[number]]: z.ZodNumber;
    },
  ),
  /** Readers of the whole site, each day's estimate summed (one reader on two days counts twice). */
  readers: z.number().int(),
});
export type InterestReport = z.infer<typeof interestReport>;

/** Where readers came from, in the staff's words. */
export const viewSourceLabels: Record<(typeof viewSources)[number], string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  google: 'Google',
  other: 'Other sites',
  none: 'Typed or bookmarked',
  internal: 'Another page of the site',
};

export const screenClassLabels: Record<(typeof screenClasses)[number], string> = {
  phone: 'Phones',
  tablet: 'Tablets',
  desktop: 'Computers',
};

/** Pre-enrolments per 100 pages shown, in both languages: the share of readers who applied, as near as counts without identifiers tell it. */
export function appliedShare(counts: InterestCounts): number | null {
  const views = counts.viewsFr + counts.viewsEn;
  return views === 0 ? null : (counts.preEnrolments / views) * 100;
}
