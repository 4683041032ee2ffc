import path from 'node:path';
import { type ProgrammeGap, type ProgrammeSummary, programmePath } from '@cfp/shared';
import { frontMatterOf } from '../catalogue.ts';
import { regularFileNames } from '../files.ts';
import { departementSchema, programmeSchema } from '../schemas.ts';

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

/** Every programme that passes its schema, in the departments' order then the programmes'. */
export function listProgrammes(contentDir: string): ProgrammeSummary[] {
  const departments = new Map(
    markdownFiles(path.join(contentDir, 'departements')).flatMap((name) => {
      const result = departementSchema.safeParse(frontMatterOf(path.join(contentDir, 'departements', name)));
      return result.success ? [[name.replace(/\.md$/, ''), result.data] as const] : [];
    }),
  );
  return markdownFiles(path.join(contentDir, 'formations'))
    .flatMap((name) => {
      const result = programmeSchema.safeParse(frontMatterOf(path.join(contentDir, 'formations', name)));
      if (!result.success) return [];
      const programme = result.data;
      const slug = name.replace(/\.md$/, '').toLowerCase();
      const department = departments.get(programme.department);
      return [
        {
          slug,
          title: programme.title,
          department: programme.department,
          departmentTitle: department?.title ?? programme.department,
          confirmed: programme.confirmed,
          retired: programme.retired === true,
          gaps: gapsOf(programme),
          path: programmePath(slug),
          order: [department?.order ?? 99, programme.order] as const,
        },
      ];
    })
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ order: _order, ...summary }) => summary);
}
