import type { ContentProblem } from '@cfp/shared';
import { slugPattern } from './schemas.ts';
import { fieldsOf } from './translations.ts';

export interface ProgrammeFile {
  /** From the repository's root: content/formations/soudure.md. */
  file: string;
  /** The slug: the file name without `.md`, lower-cased. */
  id: string;
  department: string;
  legacySlugs?: string[];
}

const error = (file: string, field: string, message: string): ContentProblem => ({ kind: 'error', file, field, message });

/** A content file's id (its URL slug) is its file name in lower case; anything else is refused. */
export function slugProblem(directory: string, fileName: string): ContentProblem | undefined {
  const id = fileName.replace(/\.md$/i, '').toLowerCase();
  if (slugPattern.test(id)) return undefined;
  return error(
    `content/${directory}/${fileName}`,
    'slug',
    `« ${id} » n’est pas une adresse valide : nommez le fichier en minuscules, sans accents, avec des tirets (ex. soudure.md).`,
  );
}

/** Two files whose names give the same slug (soudure.md and Soudure.md). */
export function duplicateSlugProblems(directory: string, fileNames: string[]): ContentProblem[] {
  const owners = new Map<string, string>();
  return fileNames.toSorted().flatMap((name) => {
    const id = name.replace(/\.md$/i, '').toLowerCase();
    const owner = owners.get(id);
    owners.set(id, owner ?? name);
    return owner === undefined
      ? []
      : [
          error(
            `content/${directory}/${name}`,
            'slug',
            `même adresse « ${id} » que content/${directory}/${owner} : renommez ou supprimez l’un des deux.`,
          ),
        ];
  });
}

/** Two English texts of the same kind with the same address (`slug: "welding"`): the second is refused. */
export function duplicateEnglishSlugProblems(texts: Array<{ file: string; data: unknown }>): ContentProblem[] {
  const owners = new Map<string, string>();
  return texts.flatMap(({ file, data }) => {
    const slug = fieldsOf(data).slug;
    if (typeof slug !== 'string') return [];
    const owner = owners.get(slug);
    owners.set(slug, owner ?? file);
    return owner === undefined
      ? []
      : [error(file, 'slug', `même adresse anglaise « ${slug} » que ${owner} : choisissez-en une autre.`)];
  });
}

/**
 * What one programme file cannot show: its department must be a file of content/departements,
 * and its legacy slugs must be neither another programme's slug or legacy slug nor its own.
 */
export function programmeProblems(programmes: ProgrammeFile[], departements: string[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { file, department } of programmes) {
    if (!departements.includes(department)) {
      problems.push(
        error(
          file,
          'department',
          `département inconnu « ${department} » ; choisissez l’un des fichiers de content/departements : ${departements.join(', ')}.`,
        ),
      );
    }
  }
  // Compared without case: /formation/Soudure must not lead away from soudure.
  const slugFiles = new Map(programmes.map(({ id, file }) => [id, file]));
  const legacyFiles = new Map<string, string>();
  for (const { file, id, legacySlugs = [] } of programmes) {
    for (const legacy of legacySlugs) {
      const programme = slugFiles.get(legacy.toLowerCase());
      const other = legacyFiles.get(legacy);
      const say = (message: string) => problems.push(error(file, 'legacySlugs', `« ${legacy} » ${message}`));
      if (legacy === id) say('est l’adresse de la formation elle-même : retirez-la.');
      else if (programme !== undefined && programme !== file) say(`est l’adresse de ${programme}.`);
      else if (other !== undefined) say(other === file ? 'figure deux fois.' : `est aussi une ancienne adresse de ${other}.`);
      legacyFiles.set(legacy, file);
    }
  }
  return problems;
}
