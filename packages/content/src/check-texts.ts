import { type ContentProblem, type PageName, pagePath } from '@cfp/shared';
import { centreFile, contactDetails } from './centre-details.ts';
import { type ContentFile, error } from './check-source.ts';
import { directiveNames, directivesIn, directivesInLinkTargets, isDirectiveName } from './directives.ts';
import { rawHtmlIn } from './markdown.ts';
import { findPromises, type PromisedDetail, type PromisePattern, promisedDetails } from './promises.ts';
import { stringsOf } from './read.ts';
import type { Centre } from './schemas.ts';

/*
 * What the check asks of every text, French or English (check.ts): its directives where they are
 * replaced, its links to pages of the site in its language, no promise of a detail the centre has
 * not given, no raw HTML.
 */

/** The site's pages a content link may lead to, besides a programme's, a department's and a post's. */
const linkedPages = [
  'home',
  'programmes',
  'contact',
  'faq',
  'about',
  'blog',
  'preEnrolment',
  'privacy',
  'legalNotice',
  'diplomas',
] satisfies PageName[];
export const sitePaths = linkedPages.map((page) => pagePath('fr', page));

/** The English site's pages, by the French page each translates; besides /en/programmes/{slug} and /en/departments/{slug}. Posts are French, at /blog/{slug}, in both. */
export const englishSitePaths: Record<string, string> = Object.fromEntries(
  linkedPages.map((page) => [pagePath('fr', page), pagePath('en', page)]),
);

/** Fields whose text the pages render with directives expanded (besides the markdown body). */
const directiveFields = /^(body|job|answer|assistance\.text|closing\.text|(why|steps|values|approach)\.items\[\d+\]\.text)$/;

/** Raw HTML in a markdown body, by the line of the file: the site drops it (markdown.ts). */
export function rawHtmlProblems({ file, body, bodyLine = 1 }: ContentFile): ContentProblem[] {
  if (body === undefined) return [];
  return rawHtmlIn(body).map(({ line, html }) => {
    const shown = html.length > 60 ? `${html.slice(0, 60)}…` : html;
    return error(
      file,
      'body',
      `du HTML à la ligne ${bodyLine + line - 1} (« ${shown.trim()} »)\u00a0: le site ne publie pas de HTML\u00a0; écrivez ce texte en markdown (**gras**, *italique*, [lien](/contact), listes en « - »).`,
    );
  });
}

/** What the texts of one language may link to, and the words that promise a detail. */
export interface TextRules {
  /** The pages a link may lead to, and any post under `blog` (the French post, from an English text too: posts have no English page yet). */
  paths: Set<string>;
  blog: string;
  /** In an English text, the English page of each French one, to name in place of a link to it. */
  instead?: ReadonlyMap<string, string>;
  promises: PromisePattern[];
  /** The centre's details not given yet: no text may promise them. */
  missing: Set<PromisedDetail>;
}

/** A directive that writes an imperative (« appelez-nous… ») after a verb that wants an infinitive: « Vous pouvez aussi :nous-joindre ». */
const directiveAfterAVerb =
  /\b(?:pouvez|pourrez|devez|voulez|souhaitez|n’hésitez pas à|n'hésitez pas à)(?:\s+(?:aussi|également|toujours|donc))?\s+:(appeler|nous-joindre|preinscrire)\b/giu;

/** Directives, links and promises in the texts of one file. */
export function textProblems(entry: ContentFile, rules: TextRules): ContentProblem[] {
  const texts = [...stringsOf(entry.data), ...(entry.body === undefined ? [] : [{ field: 'body', text: entry.body }])];
  return texts.flatMap(({ field, text }) => {
    const problems: ContentProblem[] = [];
    const shortField = field.replace(/^\[\d+\]\./, '');
    for (const name of directivesIn(text)) {
      if (!isDirectiveName(name)) {
        problems.push(
          error(
            entry.file,
            field,
            `« :${name} » n’est pas une directive connue (${directiveNames.map((known) => `:${known}`).join(', ')}).`,
          ),
        );
      } else if (!directiveFields.test(shortField)) {
        problems.push(
          error(
            entry.file,
            field,
            `la directive « :${name} » n’est pas remplacée dans ce champ ; écrivez-la dans le texte principal, une réponse de FAQ, le champ job, un texte de carte ou le texte de clôture d’une page.`,
          ),
        );
      }
    }
    for (const [phrase, name] of text.matchAll(directiveAfterAVerb)) {
      problems.push(
        error(
          entry.file,
          field,
          `« ${phrase} » : la directive « :${name} » s’écrit à l’impératif (« appelez-nous… », « écrivez-nous… ») et ne suit pas un verbe ; commencez la phrase par elle, par exemple « Une question ? :${name}. »`,
        ),
      );
    }
    for (const name of directivesInLinkTargets(text)) {
      problems.push(
        error(
          entry.file,
          field,
          `la directive « :${name} » est écrite dans l’adresse d’un lien, où elle n’est pas remplacée : écrivez-la dans le texte, hors des crochets et des parenthèses du lien.`,
        ),
      );
    }
    for (const [, target] of text.matchAll(/\]\((\/[^)\s]*)\)/g)) {
      const page = (target ?? '').replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
      if (rules.paths.has(page) || page.startsWith(rules.blog)) continue;
      const english = rules.instead?.get(page);
      const why = english
        ? `une page française : un texte anglais mène aux pages anglaises, ici ${english}`
        : 'une page qui n’existe pas sur le site';
      problems.push(error(entry.file, field, `lien vers « ${target} », ${why}.`));
    }
    for (const { detail, phrase } of findPromises(text, rules.promises)) {
      if (rules.missing.has(detail)) {
        const { name, field: detailField, directive } = promisedDetails[detail];
        problems.push(
          error(
            entry.file,
            field,
            `« ${phrase} » promet ${name}, absent de ${centreFile} (${detailField}) : écrivez plutôt ${directive}, qui s’adapte à ce qui est renseigné.`,
          ),
        );
      }
    }
    return problems;
  });
}

export function missingPromisedDetails(centre: Centre | undefined): Set<PromisedDetail> {
  if (!centre) return new Set(['phone', 'whatsapp', 'email', 'map', 'approval']);
  const details = contactDetails(centre);
  const missing: Array<[PromisedDetail, boolean]> = [
    ['phone', details.phones.length === 0],
    ['whatsapp', !details.whatsapp],
    ['email', !details.email],
    ['map', !details.mapUrl],
    ['approval', !details.approval.number],
  ];
  return new Set(missing.filter(([, isMissing]) => isMissing).map(([detail]) => detail));
}
