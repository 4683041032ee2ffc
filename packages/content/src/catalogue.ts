import path from 'node:path';
import type { Locale } from '@cfp/shared';
import { type ContactDetails, contactDetails } from './centre-details.ts';
import { readContentFile, regularFileNames } from './files.ts';
import { splitFrontMatter } from './read.ts';
import { centreSchema, type Programme, programmeSchema } from './schemas.ts';

export type { ContactDetails };

export interface CatalogueProgramme {
  slug: string;
  title: string;
  department: string;
  schedules: Programme['schedules'];
  intakes: string[];
  enrolmentDocuments: string[];
  fees: Programme['fees'];
  /** Off the site: it takes no pre-enrolment, and its name still reads in what was sent before. */
  retired: boolean;
}

/**
 * A programme as a student reads it in one language: in English, its title and enrolment
 * documents from its content/en/ twin (the French documents, said to be French, while it has none).
 */
export interface LocalizedProgramme extends CatalogueProgramme {
  /** The slug of its page in that language (`welding` for soudure in English). */
  pageSlug: string;
  documents: { items: string[]; lang: Locale } | undefined;
}

/**
 * The programmes of a content folder as the API needs them (pre-enrolment: which programme,
 * which schedules and intakes it offers, what the enrolment file holds). A file that breaks its
 * schema is left out: the content check reports it.
 */
export function readCatalogue(contentDir: string): Map<string, CatalogueProgramme> {
  const directory = path.join(contentDir, 'formations');
  const catalogue = new Map<string, CatalogueProgramme>();
  const names = regularFileNames(directory).filter((name) => name.endsWith('.md'));
  for (const name of names) {
    const result = programmeSchema.safeParse(frontMatterOf(path.join(directory, name)));
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
      retired: programme.retired === true,
    });
  }
  return catalogue;
}

/** The centre's details (placeholders dropped), or undefined while centre.yaml breaks its schema. */
export function readCentreDetails(contentDir: string): ContactDetails | undefined {
  const yaml = (() => {
    try {
      return `---\n${readContentFile(path.join(contentDir, 'centre.yaml'))}\n---\n`;
    } catch {
      return '';
    }
  })();
  const result = centreSchema.safeParse(splitFrontMatterSafely(yaml));
  return result.success ? contactDetails(result.data) : undefined;
}

/** A markdown file's front matter, or undefined when it cannot be read or parsed. */
export function frontMatterOf(file: string): unknown {
  try {
    return splitFrontMatterSafely(readContentFile(file));
  } catch {
    return undefined;
  }
}

function splitFrontMatterSafely(source: string): unknown {
  try {
    return splitFrontMatter(source)?.data;
  } catch {
    return undefined;
  }
}
