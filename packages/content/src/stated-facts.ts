import type { ContentProblem } from '@cfp/shared';
import { stringsOf } from './read.ts';
import { fieldsOf, translatableTexts } from './translations.ts';

/**
 * A programme's facts are written once (`durationMonths`, `practicalShare`), but its sentences
 * may say them again ("A 12-month, 75% practical programme", « 9 mois pour… »): each figure a
 * sentence gives must be the fact's, in French and in English, or the page contradicts itself.
 * A figure that names a part of the programme ("the first 12 months", « les 12 mois suivants »,
 * "three stages of about 3 months each") is no duration of it; none can exceed the whole.
 */

interface Text {
  file: string;
  data: unknown;
  body?: string;
}

/** "9 mois", "12-month", "3 months". */
const monthFigure = /(?<![\d,.])(\d{1,3})(?:[\s\u00a0\u202f]|-)?(?:mois|months?)\b/gi;
/** "75 %", "75% practical" (the share is said near practice, a workshop or the field). */
const shareFigure = /(?<![\d,.])(\d{1,3})[\s\u00a0\u202f]?%/g;
const aboutPractice = /pratique|practi[cs]|atelier|workshop|terrain|hands-on/i;
/** Words that make a figure a part of the programme, not its length. */
const partOfIt =
  /suivant|premi[eè]r|derni[eè]r|chacun|environ|stage|chaque|\bpar\b|\b(first|next|last|each|about|internship|per|every|other)\b/i;

/** The words around a figure, within its sentence. */
function around(text: string, start: number, end: number): string {
  const before =
    text
      .slice(Math.max(0, start - 40), start)
      .split(/[.!?\n]/)
      .at(-1) ?? '';
  const after = text.slice(end, end + 40).split(/[.!?\n]/)[0] ?? '';
  return `${before} ${after}`;
}

function figureProblems(file: string, field: string, text: string, months: number, share: number | undefined) {
  const problems: ContentProblem[] = [];
  for (const match of text.matchAll(monthFigure)) {
    const figure = Number(match[1]);
    const context = around(text, match.index, match.index + match[0].length);
    if (figure === months || (figure < months && partOfIt.test(context))) continue;
    problems.push({
      kind: 'error',
      file,
      field,
      message: `« ${match[0]} » : la formation dure ${months}\u00a0mois (durationMonths) ; écrivez sa durée, ou nommez une partie (« les 12 premiers mois », "the first 12 months").`,
    });
  }
  for (const match of text.matchAll(shareFigure)) {
    const figure = Number(match[1]);
    if (figure === share || !aboutPractice.test(around(text, match.index, match.index + match[0].length))) continue;
    const fact =
      share === undefined ? 'practicalShare n’est pas donnée' : `la part de pratique est de ${share}\u00a0% (practicalShare)`;
    problems.push({
      kind: 'error',
      file,
      field,
      message: `« ${match[0]} » : ${fact} ; les pages l’affichent d’après ce champ, écrivez la même.`,
    });
  }
  return problems;
}

/** The figures a programme's texts (French, and its English twin when given) state that disagree with its facts. */
export function statedFactProblems(french: Text, english: Text | undefined): ContentProblem[] {
  const facts = fieldsOf(french.data);
  const months = facts.durationMonths;
  if (typeof months !== 'number') return [];
  const share = typeof facts.practicalShare === 'number' ? facts.practicalShare : undefined;
  return [french, ...(english ? [english] : [])].flatMap(({ file, data, body }) =>
    [...stringsOf(translatableTexts('programme', data)), { field: 'body', text: body ?? '' }].flatMap(({ field, text }) =>
      figureProblems(file, field, text, months, share),
    ),
  );
}
