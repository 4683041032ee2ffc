import { pagePath } from '@cfp/shared';
import type { ContactDetails } from './centre-details.ts';

/**
 * Text directives: words of the content that the centre's details write, so a sentence never
 * promises a number, a map or an approval the centre has not given (docs/content-format.md).
 * `:appeler` becomes "appelez-nous au 6 99 …" with the number, or a link to the contact form
 * when there is none; `:preinscrire` the link to the pre-enrolment form; at the start of a
 * sentence its first letter is a capital.
 */
export const directiveNames = ['nous-joindre', 'appeler', 'adresse', 'agrement', 'preinscrire'] as const;
export type DirectiveName = (typeof directiveNames)[number];

/** `:name` after a space, an opening sign or a tag, and not followed by a letter: never inside a URL. */
export const directivePattern = /(?<=^|[\s\u00a0\u202f(«>]):([a-z]+(?:-[a-z]+)*)(?![\p{L}\p{N}-])/gu;

export const isDirectiveName = (name: string): name is DirectiveName => (directiveNames as readonly string[]).includes(name);

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** What each directive says, in the language of the details (the page's). */
const phrases = {
  fr: {
    form: 'formulaire de contact',
    call: 'appelez-nous au',
    writeUsUsing: 'écrivez-nous grâce au',
    writeUs: 'écrivez-nous',
    onWhatsapp: 'sur WhatsApp au',
    byEmail: 'par e-mail à',
    or: 'ou',
    orUse: 'ou utilisez le',
    preEnrol: 'pré-inscrivez-vous en ligne',
    map: 'plan d’accès',
    approvedBy: 'agréé par le',
    approvalNumber: 'agrément n°\u00a0',
    validUntil: 'valable jusqu’au',
  },
  en: {
    form: 'contact form',
    call: 'call us on',
    writeUsUsing: 'write to us using the',
    writeUs: 'write to us',
    onWhatsapp: 'on WhatsApp on',
    byEmail: 'by email at',
    or: 'or',
    orUse: 'or use the',
    preEnrol: 'pre-enrol online',
    map: 'map',
    approvedBy: 'approved by the',
    approvalNumber: 'approval no.\u00a0',
    validUntil: 'valid until',
  },
};

function render(name: DirectiveName, details: ContactDetails, contactPath: string): string {
  const words = phrases[details.locale];
  const form = link(contactPath, words.form);
  const phone = details.phones[0];
  const callClause = phone && `${words.call} ${link(phone.href, phone.display)}`;
  switch (name) {
    case 'appeler':
      return callClause ?? `${words.writeUsUsing} ${form}`;
    case 'nous-joindre': {
      const written = [
        details.whatsapp && `${words.onWhatsapp} ${link(details.whatsapp.href(), details.whatsapp.display)}`,
        details.email && `${words.byEmail} ${link(details.email.href, details.email.display)}`,
      ].filter(Boolean);
      const clauses = [callClause, written.length > 0 && `${words.writeUs} ${written.join(` ${words.or} `)}`].filter(Boolean);
      return clauses.length === 0 ? `${words.writeUsUsing} ${form}` : `${clauses.join(', ')}, ${words.orUse} ${form}`;
    }
    case 'preinscrire':
      return link(pagePath(details.locale, 'preEnrolment'), words.preEnrol);
    case 'adresse':
      return escapeHtml(details.addressText) + (details.mapUrl ? ` (${link(details.mapUrl, words.map)})` : '');
    case 'agrement': {
      const { authority, number, validUntil } = details.approval;
      const reference = number
        ? `, ${words.approvalNumber}${escapeHtml(number)}${validUntil ? ` ${words.validUntil} ${escapeHtml(validUntil)}` : ''}`
        : '';
      return `${words.approvedBy} ${escapeHtml(authority)}${reference}`;
    }
  }
}

/** True when the text before a directive ends a sentence (or there is none): the directive then begins with a capital. */
function startsSentence(before: string): boolean {
  const visible = before.replace(/<[^>]*>/g, '').replace(/[\s\u00a0\u202f]+$/, '');
  return visible === '' || /[.!?…]$/.test(visible) || /<(p|li|h[1-6]|dd|td)\b[^>]*>\s*$/.test(before);
}

const capitalise = (html: string) =>
  html.replace(/^(<[^>]*>)?(\p{L})/u, (_, tag = '', letter: string) => tag + letter.toUpperCase());

/**
 * Replaces the directives of an HTML fragment (a rendered body, an escaped card text) with the
 * centre's details: in its text only, never inside a tag (a link's address, an attribute) nor
 * in a link's own text, where the details' links would be written into another link.
 */
export function expandDirectives(
  html: string,
  details: ContactDetails,
  contactPath = pagePath(details.locale, 'contact'),
): string {
  let offset = 0;
  let openLinks = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      const start = offset;
      offset += part.length;
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) openLinks += 1;
        else if (/^<\/a\s*>/i.test(part)) openLinks = Math.max(0, openLinks - 1);
        return part;
      }
      if (openLinks > 0) return part;
      return part.replace(directivePattern, (match, name: string, at: number) => {
        if (!isDirectiveName(name)) return match;
        const text = render(name, details, contactPath);
        return startsSentence(html.slice(0, start + at)) ? capitalise(text) : text;
      });
    })
    .join('');
}

/** The directives written inside a markdown link's address (`[x](/blog/(:adresse)`), which no page expands. */
export const directivesInLinkTargets = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]*)/g)].flatMap(([, target]) => directivesIn(` ${target ?? ''}`));

/** The directives a text uses, known or not, for the content check. */
export const directivesIn = (text: string): string[] => [...text.matchAll(directivePattern)].map((match) => match[1] ?? '');
