import { isDeepStrictEqual } from 'node:util';
import { type ChangedField, centreFieldLabels, formatWeeklyHours, type WeeklyHours, weekDays } from '@cfp/shared';
import { type EditableDocument, formFields } from './documents.ts';

/**
 * What a change made from a form did, field by field, as the staff read it in the form's
 * history: "Tuition: 300 000 → 350 000". Read from the file before and after the commit, so an
 * undo and a save are told alike.
 */

const fieldLabels: Record<string, string> = {
  // A programme (formations/<slug>.md and its English twin)
  durationMonths: 'Duration (months)',
  entryLevel: 'Entry level',
  diplomaType: 'Kind of diploma',
  diplomaName: 'Diploma',
  diplomaAwardedBy: 'Awarded by',
  schedules: 'Schedules',
  'scheduleHours.jour': 'Daytime hours',
  'scheduleHours.soir': 'Evening hours',
  'scheduleHours.weekend': 'Weekend hours',
  registrationFee: 'Registration fee',
  tuitionFee: 'Tuition',
  instalments: 'Instalments',
  intakes: 'Next intakes',
  enrolmentDocuments: 'Enrolment documents',
  confirmed: 'Facts confirmed by the centre',
  summary: 'Summary',
  job: 'The job',
  skills: 'Skills',
  outlets: 'Outlets',
  title: 'Title',
  slug: 'English address',
  heroTitle: 'Heading',
  heroSubtitle: 'Sentence under the heading',
  admission: 'Entry requirements',
  highlights: 'Highlights',
  trades: 'Trades',
  // The centre (centre.yaml and its English words)
  ...centreFieldLabels,
  phones: 'Phones',
  // The FAQ
  items: 'Question',
};

const longest = 160;
const none = '—';

const shortened = (text: string) => (text.length > longest ? `${text.slice(0, longest - 1)}…` : text);

const isWeeklyHours = (value: unknown): value is WeeklyHours =>
  typeof value === 'object' && value !== null && Array.isArray((value as WeeklyHours).days) && 'from' in value;

/** A form's value in words: a text as it is, a list one item after another, days and hours as the English site says them. */
function inWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return none;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return shortened(String(value));
  if (isWeeklyHours(value)) {
    const complete = value.days.length > 0 && value.from !== '' && value.to !== '';
    const days = weekDays.filter((day) => value.days.includes(day));
    return complete ? formatWeeklyHours({ ...value, days }, 'en') : none;
  }
  if (Array.isArray(value)) return value.length === 0 ? none : shortened(value.map(inWords).join('; '));
  if (typeof value === 'object') {
    const parts = Object.values(value)
      .map(inWords)
      .filter((part) => part !== none);
    return parts.length === 0 ? none : shortened(parts.join(' — '));
  }
  return none;
}

const labelOf = (field: string, english: boolean) => {
  const social = /^social\.(\w+)$/.exec(field)?.[1];
  const label = social ? social.charAt(0).toUpperCase() + social.slice(1) : (fieldLabels[field] ?? field);
  return english ? `${label} in English` : label;
};

const isListOfItems = (value: unknown): value is object[] =>
  Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null);

/**
 * The fields a change set, in the form's order: a list of items (the FAQ's questions, the
 * opening hours) item by item, numbered from 1 as staff count them.
 */
export function changedFields<Form extends object>(
  document: EditableDocument<Form>,
  before: Form | undefined,
  after: Form | undefined,
): ChangedField[] {
  const english = document.file.startsWith('en/');
  const [was, now] = [formFields(before ?? {}), formFields(after ?? {})];
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  return fields.flatMap((field) => {
    const [from, to] = [was[field], now[field]];
    if (isDeepStrictEqual(from, to)) return [];
    const label = labelOf(field, english);
    if (!isListOfItems(from) && !isListOfItems(to)) return [{ label, before: inWords(from), after: inWords(to) }];
    const [itemsBefore, itemsAfter] = [Array.isArray(from) ? from : [], Array.isArray(to) ? to : []];
    return Array.from({ length: Math.max(itemsBefore.length, itemsAfter.length) }, (_, index) => index).flatMap((index) =>
      isDeepStrictEqual(itemsBefore[index], itemsAfter[index])
        ? []
        : [{ label: `${label} ${index + 1}`, before: inWords(itemsBefore[index]), after: inWords(itemsAfter[index]) }],
    );
  });
}
