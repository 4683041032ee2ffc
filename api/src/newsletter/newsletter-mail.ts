import type { Locale } from '@cfp/shared';
import sanitizeHtml from 'sanitize-html';
import { postHtmlTags, sanitizePostHtml } from '../blog/sanitize.ts';
import type { ContentCatalogue } from '../content/content-catalogue.ts';

/** Where each recipient's own unsubscribe link goes in a stored e-mail: replaced when it is sent. */
const unsubscribeUrlMark = '%%UNSUBSCRIBE_URL%%';

/** One language's e-mail as stored with the send: the same for every recipient but the unsubscribe link. */
export interface NewsletterMail {
  subject: string;
  html: string;
  text: string;
}

/** What an e-mail says in one language: its title, its rich text, and where to read it on the site. */
export interface NewsletterLetter {
  title: string;
  /** Sanitised as posts are; images only from our uploads. */
  html: string;
  /** The post's page in this language (or the French one); none for an announcement. */
  link?: string;
  cover?: { url: string; alt: string };
  /** The letter is the French one, sent to an English reader: the e-mail says so on top. */
  onlyInFrench: boolean;
}

const words = {
  fr: {
    readOnSite: 'Lire sur le site',
    unsubscribe: 'Se désinscrire',
    why: 'Vous recevez ce message parce que votre adresse est inscrite à la lettre d’information du centre.',
    onlyInFrench: '',
    colon: '\u00a0:',
  },
  en: {
    readOnSite: 'Read it on the site',
    unsubscribe: 'Unsubscribe',
    why: 'You receive this e-mail because your address is subscribed to the centre’s newsletter.',
    onlyInFrench: 'This news is only available in French.',
    colon: ':',
  },
} satisfies Record<Locale, Record<string, string>>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const font = 'font-family:Arial,Helvetica,sans-serif;';
const alignments = { 'ql-align-center': 'center', 'ql-align-right': 'right', 'ql-align-justify': 'justify' } as const;

/**
 * The post's HTML with the styles written on each element, as Gmail on a phone reads them (it
 * drops classes and style sheets): images as wide as the screen at most, headings sized, aligned
 * paragraphs aligned, links in the site's colour.
 */
function inlineStyled(html: string): string {
  const withStyle = (extra: string) => (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const { class: classes = '', style = '', ...rest } = attribs;
    const alignment = classes
      .split(/\s+/)
      .map((name) => alignments[name as keyof typeof alignments])
      .find(Boolean);
    const styles = [style, alignment && `text-align:${alignment}`, extra].filter(Boolean).join(';');
    return { tagName, attribs: { ...rest, style: styles } };
  };
  // Sanitised already (sanitizePostHtml): the same tags and attributes pass, with styles written on them.
  return sanitizeHtml(html, {
    allowedTags: [...postHtmlTags],
    allowedAttributes: false,
    transformTags: {
      p: withStyle('margin:0 0 16px'),
      h1: withStyle('font-size:22px;line-height:1.3;margin:24px 0 12px'),
      h2: withStyle('font-size:19px;line-height:1.3;margin:24px 0 12px'),
      h3: withStyle('font-size:17px;line-height:1.3;margin:20px 0 8px'),
      ul: withStyle('margin:0 0 16px;padding-left:24px'),
      ol: withStyle('margin:0 0 16px;padding-left:24px'),
      a: withStyle('color:#0b5cad'),
      img: (tagName, { src = '', alt = '', width, height }) => ({
        tagName,
        attribs: {
          src,
          alt,
          ...(width && height ? { width, height } : {}),
          style: 'display:block;max-width:100%;height:auto;border:0;margin:0 0 16px',
        },
      }),
    },
  });
}

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The rich text as plain text: a paragraph a block, lists as dashes, a link's address after its words. */
export function htmlToText(html: string): string {
  const marked = sanitizeHtml(html, {
    allowedTags: ['a', 'li', 'p', 'h1', 'h2', 'h3', 'br', 'ul', 'ol'],
    allowedAttributes: { a: ['href'] },
    transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? '' } }) },
  });
  const text = marked
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_all, href: string, label: string) =>
      decodeEntities(href) === decodeEntities(label).trim() || !href ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<\/(p|h1|h2|h3|li)>/g, '\n')
    .replace(/<\/(ul|ol)>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Composition {
  locale: Locale;
  letter: NewsletterLetter;
  catalogue: ContentCatalogue;
  imageBase: string;
}

/** The centre's name and postal address, from the content, in the e-mail's language. */
function centreLines(catalogue: ContentCatalogue, locale: Locale) {
  const centre = catalogue.centreIn(locale);
  return { name: centre?.name ?? '', address: centre?.addressLines ?? [] };
}

/** One language's e-mail: HTML readable on a phone (inline styles, no outside resource) and its plain text twin. */
export function composeNewsletterMail({ locale, letter, catalogue, imageBase }: Composition): NewsletterMail {
  const said = words[locale];
  const centre = centreLines(catalogue, locale);
  const body = inlineStyled(sanitizePostHtml(letter.html, imageBase));
  const notice = letter.onlyInFrench ? said.onlyInFrench : '';
  const html = [
    '<!doctype html>',
    `<html lang="${letter.onlyInFrench ? 'fr' : locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(letter.title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:16px 8px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;">',
    `<tr><td style="padding:24px;${font}font-size:16px;line-height:1.5;color:#1f2937;">`,
    notice
      ? `<p lang="en" style="margin:0 0 16px;padding:8px 12px;background:#fef3c7;color:#78350f;font-size:14px;">${escapeHtml(notice)}</p>`
      : '',
    centre.name ? `<p style="margin:0 0 8px;font-size:13px;color:#6b7280;">${escapeHtml(centre.name)}</p>` : '',
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:#111827;">${escapeHtml(letter.title)}</h1>`,
    letter.cover
      ? `<img src="${escapeHtml(letter.cover.url)}" alt="${escapeHtml(letter.cover.alt)}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;margin:0 0 16px;border-radius:4px;">`
      : '',
    body,
    letter.link
      ? `<p style="margin:24px 0 0;"><a href="${escapeHtml(letter.link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${said.readOnSite}</a></p>`
      : '',
    '</td></tr>',
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;${font}font-size:12px;line-height:1.5;color:#6b7280;">`,
    [centre.name, ...centre.address].filter(Boolean).map(escapeHtml).join('<br>'),
    `<p style="margin:12px 0 0;">${escapeHtml(said.why)} <a href="${unsubscribeUrlMark}" style="color:#6b7280;">${said.unsubscribe}</a></p>`,
    '</td></tr></table>',
    '</td></tr></table></body></html>',
  ].join('\n');
  const text = [
    ...(notice ? [notice, ''] : []),
    letter.title,
    '',
    htmlToText(body),
    ...(letter.link ? ['', `${said.readOnSite}${said.colon} ${letter.link}`] : []),
    '',
    '--',
    ...[centre.name, ...centre.address].filter(Boolean),
    '',
    said.why,
    `${said.unsubscribe}${said.colon} ${unsubscribeUrlMark}`,
  ].join('\n');
  return { subject: letter.title, html, text };
}

/** A stored e-mail with the recipient's own unsubscribe link. */
export function personalised(mail: NewsletterMail, unsubscribeUrl: string): NewsletterMail {
  return {
    subject: mail.subject,
    html: mail.html.replaceAll(unsubscribeUrlMark, escapeHtml(unsubscribeUrl)),
    text: mail.text.replaceAll(unsubscribeUrlMark, unsubscribeUrl),
  };
}

/** A subscriber's one-click unsubscribe address, as the confirmation e-mail gives it (English links say so). */
export function unsubscribeUrl(apiUrl: string, token: string, locale: Locale): string {
  return `${apiUrl}/subscriber/unsubscribe?token=${encodeURIComponent(token)}${locale === 'fr' ? '' : `&language=${locale}`}`;
}

/** RFC 2369 and RFC 8058: the mail client's own unsubscribe button, answered by POST /api/subscriber/unsubscribe. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
