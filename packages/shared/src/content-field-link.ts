import { adminPaths } from './admin-paths.ts';
import type { SocialNetwork } from './site-content.ts';

/**
 * Where a content problem (file and field of content/, as `pnpm content:check` reports them) is
 * fixed in the admin's Site content forms: the launch checklist's links, and the field a refused
 * save names. The English twins (content/en/) are fixed beside their French texts.
 */

/** The centre form's fields as the admin names them. */
export const centreFieldLabels: Record<string, string> = {
  name: 'Centre’s name',
  shortName: 'Short name',
  tagline: 'Tagline',
  street: 'Street',
  district: 'District',
  city: 'City',
  country: 'Country',
  whatsapp: 'WhatsApp number',
  email: 'Email address',
  mapUrl: 'Map link',
  callbackDelay: 'Callback delay',
  approvalAuthority: 'Approving authority',
  approvalNumber: 'Approval number',
  approvalValidUntil: 'Approval valid until',
  openingHours: 'Opening hours',
  legalPublicationDirector: 'Director of publication',
  legalHost: 'Host of the site',
  legalDataProtectionLaw: 'Data protection law',
};

/** The French labels of centre.yaml's phones, in the admin's English. */
const phoneLabels: Record<string, string> = { accueil: 'Reception', inscriptions: 'Enrolments', secrétariat: 'Office' };
/** The social networks as the admin names them. */
export const socialLabels: Record<SocialNetwork, string> = {
  facebook: 'Facebook page',
  twitter: 'X (Twitter) account',
  linkedin: 'LinkedIn page',
  youtube: 'YouTube channel',
  tiktok: 'TikTok account',
  instagram: 'Instagram account',
};

/** "Accueil" → "Reception phone"; a label without a translation is kept as it is. */
export function phoneName(label: string, index: number): string {
  const english = phoneLabels[label.trim().toLowerCase()];
  return english ? `${english} phone` : label.trim() ? `Phone: ${label.trim()}` : `Phone ${index + 1}`;
}

const programmeFieldLabels: Record<string, string> = {
  confirmed: 'Facts confirmed by the centre',
  intakes: 'Next intakes',
  fees: 'Fees',
  enrolmentDocuments: 'Enrolment documents',
  scheduleHours: 'Days and hours',
  durationMonths: 'Duration',
  duration: 'Duration',
  entryLevel: 'Entry level',
  diploma: 'Diploma',
  schedules: 'Schedules',
  summary: 'Summary',
  job: 'The job',
  skills: 'Skills',
  outlets: 'Outlets',
};

/** Where a checklist item is fixed in the admin: the form's address, its field, and what the field is called. */
export interface ContentFieldLink {
  path: string;
  field: string;
  label: string;
}

/** What the links are called by: the phones' labels in order, and each programme's title by slug. */
export interface ContentFieldNames {
  phones?: string[];
  programmes?: Record<string, string>;
}

/**
 * A content problem (file and field of content/, as `pnpm content:check` reports them) as a link
 * to the admin's form and field; undefined for what only git editors can change.
 */
export function contentFieldLink(file: string, field: string, names: ContentFieldNames = {}): ContentFieldLink | undefined {
  if (file.startsWith('content/en/')) return englishFieldLink(file, field, names);
  if (file === 'content/centre.yaml') return centreFieldLink(field, names.phones ?? []);
  if (file === 'content/faq.yaml') {
    const item = /^\[(\d+)\]\.?(question|answer)?/.exec(field);
    return { path: adminPaths.content.faq, field: item ? `items.${item[1]}.${item[2] ?? 'question'}` : '', label: 'FAQ' };
  }
  const programme = /^content\/formations\/([a-z0-9-]+)\.md$/i.exec(file);
  if (!programme?.[1]) return undefined;
  const slug = programme[1].toLowerCase();
  const key = /^[A-Za-z]+/.exec(field)?.[0] ?? '';
  const label = programmeFieldLabels[key];
  if (!label) return undefined;
  const title = names.programmes?.[slug] ?? slug;
  const formField = programmeFormField(key, field);
  return { path: adminPaths.content.programme(slug), field: formField, label: `${title}: ${label.toLowerCase()}` };
}

/** The programme form's field of a problem: a fee's own field, a schedule's hours, the diploma's name. */
function programmeFormField(key: string, field: string): string {
  if (key === 'duration') return 'durationMonths';
  if (key === 'diploma') return 'diplomaName';
  if (key === 'fees') return { 'fees.tuition': 'tuitionFee', 'fees.instalments': 'instalments' }[field] ?? 'registrationFee';
  const schedule = /^scheduleHours\.(\w+)/.exec(field)?.[1];
  return schedule ? `scheduleHours.${schedule}` : key;
}

/** The English texts of a programme the form edits, by their first key in content/en/formations/{slug}.md. */
const englishProgrammeFields: Record<string, string> = {
  summary: 'summary',
  job: 'job',
  skills: 'skills',
  outlets: 'outlets',
  diploma: 'diplomaName',
  enrolmentDocuments: 'enrolmentDocuments',
};

/**
 * A problem of an English text to its field beside the French one (`english.summary`); its
 * `translationOf` (a text to update) to the form's "The English says the same as the French".
 * The texts a form does not edit (a title, the highlights) stay for git editors.
 */
function englishFieldLink(file: string, field: string, names: ContentFieldNames): ContentFieldLink | undefined {
  if (file === 'content/en/centre.yaml') return englishCentreFieldLink(field, names.phones ?? []);
  if (file === 'content/en/faq.yaml') {
    const at = (formField: string) => ({ path: adminPaths.content.faq, field: formField, label: 'FAQ in English' });
    if (field === 'translationOf') return at('englishUpToDate');
    const item = /^\[(\d+)\]\.?(question|answer)?/.exec(field);
    return at(item ? `english.items.${item[1]}.${item[2] ?? 'question'}` : 'english.items');
  }
  const programme = /^content\/en\/formations\/([a-z0-9-]+)\.md$/i.exec(file);
  if (!programme?.[1]) return undefined;
  const slug = programme[1].toLowerCase();
  const title = names.programmes?.[slug] ?? slug;
  const path = adminPaths.content.programme(slug);
  if (field === 'translationOf') return { path, field: 'englishUpToDate', label: `${title} in English` };
  const key = /^[A-Za-z]+/.exec(field)?.[0] ?? '';
  const formField = englishProgrammeFields[key];
  if (!formField) return undefined;
  const inner = key === 'diploma' && field === 'diploma.awardedBy' ? 'diplomaAwardedBy' : formField;
  const label = programmeFieldLabels[key] ?? key;
  return { path, field: `english.${inner}`, label: `${title}: ${label.toLowerCase()} in English` };
}

function englishCentreFieldLink(field: string, phones: string[]): ContentFieldLink | undefined {
  const at = (formField: string, label: string) => ({ path: adminPaths.content.centre, field: `english.${formField}`, label });
  const phone = /^phones\[(\d+)\]/.exec(field);
  if (phone) return at(`phones.${phone[1]}.label`, `${phoneName(phones[Number(phone[1])] ?? '', Number(phone[1]))} in English`);
  if (field === 'phones') return at('phones', 'Phones in English');
  const label = ['tagline', 'country', 'callbackDelay', 'approvalAuthority'].includes(field)
    ? centreFieldLabels[field]
    : undefined;
  return label ? at(field, `${label} in English`) : undefined;
}

function centreFieldLink(field: string, phones: string[]): ContentFieldLink | undefined {
  const at = (formField: string, label: string) => ({ path: adminPaths.content.centre, field: formField, label });
  const phone = /^phones\[(\d+)\]\.(number|display|label)$/.exec(field);
  if (phone) {
    const index = Number(phone[1]);
    return at(`phones.${index}.number`, phoneName(phones[index] ?? '', index));
  }
  const hours = /^openingHours\[(\d+)\](?:\.(from|to))?/.exec(field);
  // A line's days and times are one point to fix: the link leads to its days, or to the time refused.
  if (hours) return at(`openingHours.${hours[1]}.${hours[2] ?? 'days'}`, `Opening hours, line ${Number(hours[1]) + 1}`);
  const social = /^social\.(\w+)$/.exec(field)?.[1] as SocialNetwork | undefined;
  if (social && social in socialLabels) return at(`social.${social}`, socialLabels[social]);
  const formField = field
    .replace(/^address\./, '')
    .replace(/^whatsapp\.(number|display)$/, 'whatsapp')
    .replace(
      /^(approval|legal)\.(\w)(\w*)$/,
      (_, group: string, first: string, rest: string) => `${group}${first.toUpperCase()}${rest}`,
    );
  const label = centreFieldLabels[formField];
  return label ? at(formField, label) : undefined;
}
