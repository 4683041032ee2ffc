import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from './read.ts';
import { type Programme, programmeSchema } from './schemas.ts';

export interface CatalogueProgramme {
  slug: string;
  title: string;
  department: string;
  schedules: Programme['schedules'];
  intakes: string[];
  enrolmentDocuments: string[];
  fees: Programme['fees'];
}

/**
 * The programmes of a content folder as the API needs them (pre-enrolment: which programme,
 * which schedules and intakes it offers, what the enrolment file holds). A file that breaks its
 * schema is left out: the content check reports it.
 */
export function readCatalogue(contentDir: string): Map<string, CatalogueProgramme> {
  const directory = path.join(contentDir, 'formations');
  const catalogue = new Map<string, CatalogueProgramme>();
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.md'));
  } catch {
    return catalogue;
  }
  for (const name of names) {
    const parsed = (() => {
      try {
        return splitFrontMatter(readFileSync(path.join(directory, name), 'utf8'));
      } catch {
        return undefined;
      }
    })();
    const result = programmeSchema.safeParse(parsed?.data);
    if (!result.success) continue;
    const programme = result.data;
    const slug = name.replace(/\.md$/, '').toLowerCase();
    catalogue.set(slug, {
      slug,
      title: programme.title,
      department: programme.department,
      schedules: programme.schedules,
      intakes: programme.intakes ?? [],
      enrolmentDocuments: programme.enrolmentDocuments ?? [],
      fees: programme.fees,
    });
  }
  return catalogue;
}
