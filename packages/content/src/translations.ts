import { z } from 'zod';
import {
  departementFacts,
  departementSchema,
  englishDepartementSchema,
  englishFaqItemSchema,
  englishPageSchema,
  englishProgrammeSchema,
  faqItemSchema,
  pageSchema,
  programmeFacts,
  programmeSchema,
} from './schemas.ts';

/**
 * The English texts beside the French ones (docs/decisions/0023): every French programme,
 * department and page, and the FAQ, has an English twin at the same path under content/en/,
 * holding its texts only; the facts stay in the French file.
 */

export type TwinKind = 'programme' | 'departement' | 'page' | 'faq';
export const twinKinds: TwinKind[] = ['programme', 'departement', 'page', 'faq'];

export const englishFolder = 'en';

/** The folder of each kind of markdown text, in content/ and in content/en/. */
export const twinFolders = { programme: 'formations', departement: 'departements', page: 'pages' } as const;

export const twinSchemas: Record<TwinKind, { french: z.ZodType; english: z.ZodType }> = {
  programme: { french: programmeSchema, english: englishProgrammeSchema },
  departement: { french: departementSchema, english: englishDepartementSchema },
  page: { french: pageSchema, english: englishPageSchema },
  faq: { french: z.array(faqItemSchema), english: z.array(englishFaqItemSchema) },
};

/** The kind of a French text by its path from the content folder (`formations/soudure.md`); undefined for a file with no twin. */
export function twinKindOf(frenchPath: string): TwinKind | undefined {
  if (frenchPath === 'faq.yaml') return 'faq';
  const folder = /^([a-z]+)\/[^/]+\.md$/i.exec(frenchPath)?.[1];
  return twinKinds.find((kind) => kind !== 'faq' && twinFolders[kind] === folder);
}

/** The French text's path from the content folder: `faq.yaml`, or `formations/soudure.md` for the slug soudure. */
export const frenchPathOf = (kind: TwinKind, slug = '') => (kind === 'faq' ? 'faq.yaml' : `${twinFolders[kind]}/${slug}.md`);
export const englishPathOf = (frenchPath: string) => `${englishFolder}/${frenchPath}`;
/** The French twin's path of a path under content/en/ (`en/faq.yaml` → `faq.yaml`); undefined for any other path. */
export const frenchTwinOf = (englishPath: string) =>
  englishPath.startsWith(`${englishFolder}/`) ? englishPath.slice(englishFolder.length + 1) : undefined;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
export const fieldsOf = (value: unknown): Fields => (isFields(value) ? value : {});

/** The fields named, in that order, leaving out those absent or empty (a `fees` with no instalments). */
function pick(value: unknown, keys: readonly string[]): Fields {
  const fields = fieldsOf(value);
  const present = (key: string) =>
    fields[key] !== undefined && !(isFields(fields[key]) && Object.keys(fields[key] as Fields).length === 0);
  return Object.fromEntries(keys.filter(present).map((key) => [key, fields[key]]));
}

const programmeTexts = [
  'title',
  'summary',
  'hero',
  'diploma',
  'admission',
  'highlights',
  'job',
  'skills',
  'outlets',
  'trades',
  'enrolmentDocuments',
];
const departementTexts = ['title', 'tagline', 'summary', 'strengths', 'careers', 'assistance'];

/** The texts of a French file that its English twin translates, shaped as the twin holds them (without its slug). */
export function translatableTexts(kind: TwinKind, data: unknown): unknown {
  const fields = fieldsOf(data);
  switch (kind) {
    case 'programme':
      return pick({ ...fields, diploma: pick(fields.diploma, ['name', 'awardedBy']) }, programmeTexts);
    case 'departement': {
      const careers = Array.isArray(fields.careers)
        ? fields.careers.map((career) => pick(career, ['title', 'description']))
        : fields.careers;
      return pick({ ...fields, careers }, departementTexts);
    }
    case 'page':
    case 'faq':
      return data;
  }
}

/** What an English text has that its French twin has not: its address, its fingerprint, and trades as English speakers type them. */
const ownFields: Record<TwinKind, string[]> = {
  programme: ['slug', 'translationOf', 'trades'],
  departement: ['slug', 'translationOf'],
  page: ['translationOf'],
  faq: [],
};

export interface TwinDifference {
  field: string;
  message: string;
}

/**
 * The texts an English twin may still lack while its French one has them: the English pages
 * then say the detail is given in French (and show it marked as French), and the launch
 * checklist counts the translation as an optional point.
 */
export const optionalEnglishTexts: Record<TwinKind, string[]> = {
  programme: ['enrolmentDocuments'],
  departement: [],
  page: [],
  faq: [],
};

/** The optional texts the French file has and its English twin does not. */
export function untranslatedOptionalTexts(kind: TwinKind, frenchData: unknown, englishData: unknown): string[] {
  const [french, english] = [fieldsOf(frenchData), fieldsOf(englishData)];
  return optionalEnglishTexts[kind].filter((field) => french[field] !== undefined && english[field] === undefined);
}

/** Where an English text does not follow its French twin: a list of another length, a field one has and not the other. */
export function twinDifferences(kind: TwinKind, frenchData: unknown, englishData: unknown): TwinDifference[] {
  const untranslated = untranslatedOptionalTexts(kind, frenchData, englishData);
  const without = (value: unknown, left: string[]) =>
    isFields(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !left.includes(key))) : value;
  const left = [...ownFields[kind], ...untranslated];
  return differences(without(translatableTexts(kind, frenchData), left), without(englishData, left), '');
}

function differences(french: unknown, english: unknown, field: string): TwinDifference[] {
  if (Array.isArray(french) && Array.isArray(english)) {
    if (french.length !== english.length) {
      return [{ field, message: `${english.length} éléments, le texte français en a ${french.length}` }];
    }
    return french.flatMap((item, index) => differences(item, english[index], `${field}[${index}]`));
  }
  if (!isFields(french) || !isFields(english)) return [];
  const keys = [...Object.keys(french), ...Object.keys(english).filter((key) => !(key in french))];
  return keys.flatMap((key) => {
    const inner = field ? `${field}.${key}` : key;
    if (!(key in english)) return [{ field: inner, message: 'absent, alors que le texte français l’a' }];
    if (!(key in french)) return [{ field: inner, message: 'en trop : le texte français ne l’a pas' }];
    return differences(french[key], english[key], inner);
  });
}

const facts: Record<TwinKind, string[]> = { programme: programmeFacts, departement: departementFacts, page: [], faq: [] };

/** A fact copied into an English text (`durationMonths`, a career's `image`), said plainly; undefined for a field that is no fact. */
export function factMessage(kind: TwinKind, field: string, frenchFile: string): string | undefined {
  if (!facts[kind].includes(field.replace(/\[\d+\]/g, '[]'))) return undefined;
  return `« ${field} » est un fait : il s’écrit une seule fois, dans ${frenchFile}, et le site l’affiche dans les deux langues ; retirez-le du texte anglais.`;
}
