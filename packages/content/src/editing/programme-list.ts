import path from 'node:path';
import { type DepartmentChoice, type ProgrammeGap, type ProgrammeSummary, programmePath } from '@cfp/shared';
import { frontMatterOf } from '../catalogue.ts';
import { regularFileNames } from '../files.ts';
import { departementSchema, programmeSchema } from '../schemas.ts';
import { fieldsOf } from '../translations.ts';

const markdownFiles = (directory: string) => regularFileNames(directory).filter((name) => name.endsWith('.md'));

/** The facts a programme does not publish yet. */
function gapsOf(programme: ReturnType<typeof programmeSchema.parse>): ProgrammeGap[] {
  const gaps: Array<[ProgrammeGap, boolean]> = [
    ['fees', !programme.fees],
    ['intakes', !programme.intakes?.length],
    ['enrolmentDocuments', !programme.enrolmentDocuments?.length],
    ['scheduleHours', programme.schedules.some((schedule) => !programme.scheduleHours?.[schedule])],
  ];
  return gaps.filter(([, missing]) => missing).map(([gap]) => gap);
}

/** The departments that pass their schema, by slug. */
function readDepartments(contentDir: string) {
  return new Map(
    markdownFiles(path.join(contentDir, 'departements')).flatMap((name) => {
      const result = departementSchema.safeParse(frontMatterOf(path.join(contentDir, 'departements', name)));
      return result.success ? [[name.replace(/\.md$/, ''), result.data] as const] : [];
    }),
  );
}

/** Every department, in the site's order. */
export function listDepartments(contentDir: string): DepartmentChoice[] {
  return [...readDepartments(contentDir)].sort(([, a], [, b]) => a.order - b.order).map(([slug, { title }]) => ({ slug, title }));
}

/** The programmes that pass their schema, with their slugs. */
function readProgrammes(contentDir: string) {
  return markdownFiles(path.join(contentDir, 'formations')).flatMap((name) => {
    const result = programmeSchema.safeParse(frontMatterOf(path.join(contentDir, 'formations', name)));
    return result.success ? [{ slug: name.replace(/\.md$/, '').toLowerCase(), programme: result.data }] : [];
  });
}

/** Every programme that passes its schema, in the departments' order then the programmes'. */
export function listProgrammes(contentDir: string): ProgrammeSummary[] {
  const departments = readDepartments(contentDir);
  return readProgrammes(contentDir)
    .map(({ slug, programme }) => {
      const department = departments.get(programme.department);
      return {
        slug,
        title: programme.title,
        department: programme.department,
        departmentTitle: department?.title ?? programme.department,
        confirmed: programme.confirmed,
        retired: programme.retired === true,
        picture: programme.picture !== undefined,
        gaps: gapsOf(programme),
        path: programmePath(slug),
        order: [department?.order ?? 99, programme.order] as const,
      };
    })
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ order: _order, ...summary }) => summary);
}

/** The place of a programme added to a department: after its last one. */
export function nextProgrammeOrder(contentDir: string, department: string): number {
  const orders = readProgrammes(contentDir)
    .filter(({ programme }) => programme.department === department)
    .map(({ programme }) => programme.order);
  return Math.max(0, ...orders) + 1;
}

/**
 * The programme addresses in use, lower-cased: in French each programme's slug and former
 * slugs (retired ones included: their addresses still lead somewhere), in English each twin's.
 */
export function takenProgrammeAddresses(contentDir: string): { french: Set<string>; english: Set<string> } {
  const french = new Set<string>();
  for (const name of markdownFiles(path.join(contentDir, 'formations'))) {
    french.add(name.replace(/\.md$/i, '').toLowerCase());
    const { legacySlugs } = fieldsOf(frontMatterOf(path.join(contentDir, 'formations', name)));
    if (Array.isArray(legacySlugs)) for (const slug of legacySlugs) french.add(String(slug).toLowerCase());
  }
  const english = new Set<string>();
  for (const name of markdownFiles(path.join(contentDir, 'en', 'formations'))) {
    const { slug } = fieldsOf(frontMatterOf(path.join(contentDir, 'en', 'formations', name)));
    if (typeof slug === 'string') english.add(slug.toLowerCase());
  }
  return { french, english };
}
