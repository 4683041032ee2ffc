import { createHash } from 'node:crypto';
import { escapeHtml } from '@cfp/content';
import {
  type ApplicationNextSteps,
  answerPagePolicy,
  crossOrigins,
  type Locale,
  localizedPreEnrolmentConfirmation,
  pagePath,
} from '@cfp/shared';
import type { FastifyReply } from 'fastify';

/**
 * The pages a visitor sees after posting a public form without JavaScript: the API answers with
 * them itself, since they carry what only the API knows (the pre-enrolment's reference, which
 * field was refused and what was typed in it). Self-contained (one inline stylesheet, no script,
 * no image), in the site's colours, in the language of the page the form was sent from.
 */

/** The words of these pages that the routes do not give. */
const pageWords = {
  fr: {
    seeProgrammes: 'Voir les formations',
    /** Between a field's label and its error. */
    labelEnd: '\u00a0: ',
  },
  en: {
    seeProgrammes: 'See all programmes',
    labelEnd: ': ',
  },
} satisfies Record<Locale, Record<string, string>>;

/** "Téléphone : …" / "Phone: …": a field's label and what is wrong with it. */
const labelled = (locale: Locale, label: string, text: string) => `${label}${pageWords[locale].labelEnd}${text}`;

const style = `
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2421;background:#f5f7f4}
header{background:#0d5c3a;color:#fff;padding:.75rem 1rem;font-weight:700}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.box{background:#fff;border:1px solid #dde3df;border-radius:.5rem;padding:1rem}
.reference{font-size:1.375rem;font-weight:700;letter-spacing:.05em}
ul{padding-left:1.25rem;margin:.25rem 0}
li{margin:.25rem 0}
.error{color:#a11a1a}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{color:#0d5c3a}
.button{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border-radius:.5rem;border:2px solid #0d5c3a;font-weight:600;text-decoration:none;font:inherit;cursor:pointer}
.primary{background:#0d5c3a;color:#fff}
form{display:grid;gap:1rem;margin-top:1.5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,textarea,select{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #6b7570;border-radius:.5rem;font:inherit;background:#fff;color:inherit}
[aria-invalid=true]{border:2px solid #a11a1a}
.choice{display:flex;gap:.5rem;align-items:flex-start}
.choice input{flex:none;width:1.25rem;min-height:1.25rem;margin:.15rem 0 0}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4d5752}
.field .error{margin:.25rem 0 0;font-weight:600}
`.trim();

const styleHash = `sha256-${createHash('sha256').update(style).digest('base64')}`;

/**
 * The Content-Security-Policy of every one of these pages: their stylesheet by hash, nothing to
 * run. The form of a page that has one (a refused form given back, a button page) posts to the
 * API, which may redirect to the site's pages (form-action covers the redirect), on the site's
 * origin when it is another.
 */
function answerPageContentPolicy({ site, api }: { site: string; api: string }): string {
  const { siteOrigin } = crossOrigins({ site, api }, 'api');
  return answerPagePolicy(styleHash, siteOrigin);
}

function page(title: string, centreName: string, body: string, locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} – ${escapeHtml(centreName)}</title><style>${style}</style></head><body><header>${escapeHtml(centreName)}</header><main>${body}</main></body></html>`;
}

const list = (items: string[], lang?: Locale) =>
  `<ul${lang ? ` lang="${lang}"` : ''}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

/** The documents to bring; on an English page still without their English twin, the French list, said to be French. */
function documentsList({ documents, documentsLanguage }: ApplicationNextSteps, locale: Locale): string {
  const words = localizedPreEnrolmentConfirmation[locale];
  if (documents.length === 0) return `<p>${words.noDocuments}</p>`;
  if (documentsLanguage === locale) return list(documents);
  return `<p>${words.documentsInFrench}</p>${list(documents, documentsLanguage)}`;
}

export function confirmationPage(options: {
  reference: string;
  message: string;
  nextSteps: ApplicationNextSteps;
  centreName: string;
  siteUrl: string;
  locale: Locale;
}): string {
  const { reference, message, nextSteps, centreName, siteUrl, locale } = options;
  const words = localizedPreEnrolmentConfirmation[locale];
  const body = [
    `<h1>${words.title}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    `<div class="box"><p>${words.programme} <strong>${escapeHtml(nextSteps.programmeTitle)}</strong></p>`,
    `<p>${words.reference} <span class="reference">${escapeHtml(reference)}</span><br>${words.keepTheReference}</p></div>`,
    `<h2>${words.whatNext}</h2>`,
    `<p>${escapeHtml(nextSteps.callback)}</p>`,
    `<h2>${words.documents}</h2>`,
    documentsList(nextSteps, locale),
    ...(nextSteps.fees.length > 0 ? [`<h2>${words.fees}</h2>`, list(nextSteps.fees)] : []),
    '<div class="actions">',
    ...(nextSteps.whatsappUrl
      ? [`<a class="button primary" href="${escapeHtml(nextSteps.whatsappUrl)}">${words.whatsapp}</a>`]
      : []),
    `<a class="button" href="${escapeHtml(nextSteps.programmeUrl)}">${words.programmePage}</a>`,
    `<a class="button" href="${escapeHtml(siteUrl)}${pagePath(locale, 'programmes')}">${pageWords[locale].seeProgrammes}</a>`,
    '</div>',
  ].join('');
  return page(words.title, centreName, body, locale);
}

/** A field of a form given back to correct, with what the visitor typed and what is wrong with it. */
export interface TypedField {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'hidden';
  /** A select's choices, the first one meaning none. */
  options?: Array<{ value: string; label: string }>;
  hint?: string;
  autocomplete?: string;
  maxlength?: number;
}

function fieldHtml(field: TypedField): string {
  const value = escapeHtml(field.value);
  if (field.type === 'hidden') return `<input type="hidden" name="${field.name}" value="${value}">`;
  const id = `champ-${field.name}`;
  const hintId = field.hint ? `${id}-aide` : '';
  const errorId = field.error ? `${id}-erreur` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${field.name}"`,
    ...(field.maxlength ? [`maxlength="${field.maxlength}"`] : []),
    ...(field.autocomplete ? [`autocomplete="${field.autocomplete}"`] : []),
    ...(describedBy ? [`aria-describedby="${describedBy}"`] : []),
    ...(field.error ? ['aria-invalid="true"'] : []),
  ].join(' ');
  const label = escapeHtml(field.label);
  return [
    field.type === 'checkbox'
      ? `<div class="field"><label class="choice" for="${id}">${control(field, attributes)}${label}</label>`
      : `<div class="field"><label for="${id}">${label}</label>${control(field, attributes)}`,
    field.hint ? `<p class="hint" id="${hintId}">${escapeHtml(field.hint)}</p>` : '',
    field.error ? `<p class="error" id="${errorId}">${escapeHtml(field.error)}</p>` : '',
    '</div>',
  ].join('');
}

function control(field: TypedField, attributes: string): string {
  const value = escapeHtml(field.value);
  if (field.type === 'textarea') return `<textarea ${attributes} rows="5">${value}</textarea>`;
  if (field.type === 'checkbox') {
    return `<input ${attributes} type="checkbox"${field.value === 'on' || field.value === 'true' ? ' checked' : ''}>`;
  }
  if (field.type !== 'select') return `<input ${attributes} type="${field.type ?? 'text'}" value="${value}">`;
  const options = (field.options ?? []).map(
    (option) =>
      `<option value="${escapeHtml(option.value)}"${option.value === field.value ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
  );
  return `<select ${attributes}>${options.join('')}</select>`;
}

/**
 * A public form the API refused (public-form.ts, refuseOrGiveBack): what to correct, each line
 * leading to its field, and the form again with what was typed in it (a browser may not keep it
 * on Back), ready to send again.
 */
export function correctionPage(options: {
  title: string;
  /** What is wrong besides the fields shown: too many tries, the post as a whole. */
  problems: string[];
  fields: TypedField[];
  submitLabel: string;
  centreName: string;
  back: { url: string; label: string };
  locale: Locale;
}): string {
  const { title, problems, fields, submitLabel, centreName, back, locale } = options;
  const linked = fields.filter((field) => field.error && field.type !== 'hidden');
  const lines = [
    ...problems.map((problem) => `<li>${escapeHtml(problem)}</li>`),
    ...linked.map(
      (field) =>
        `<li>${labelled(locale, `<a href="#champ-${field.name}">${escapeHtml(field.label)}</a>`, escapeHtml(field.error ?? ''))}</li>`,
    ),
  ];
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<div class="box error"><ul>${lines.join('')}</ul></div>`,
    // No action: the form posts to this page's own address, the API's route, whatever its public path.
    '<form method="post">',
    ...fields.map(fieldHtml),
    `<div><button class="button primary" type="submit">${escapeHtml(submitLabel)}</button></div>`,
    '</form>',
    `<div class="actions"><a class="button" href="${escapeHtml(back.url)}">${escapeHtml(back.label)}</a></div>`,
  ].join('');
  return page(title, centreName, body, locale);
}

/** A short answer: a title, a few sentences, the way back to the site. */
export function notePage(options: {
  title: string;
  paragraphs: string[];
  centreName: string;
  links: Array<{ url: string; label: string }>;
  locale: Locale;
}): string {
  const { title, paragraphs, centreName, links, locale } = options;
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '<div class="actions">',
    ...links.map((link) => `<a class="button" href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`),
    '</div>',
  ].join('');
  return page(title, centreName, body, locale);
}

/**
 * A page whose one button posts back to the page's own address (an e-mail's link, its token in
 * the query): what such a link opens must not change anything by itself, as mail scanners open
 * every link of a message they check.
 */
export function buttonPage(options: {
  title: string;
  paragraphs: string[];
  centreName: string;
  button: string;
  locale: Locale;
}): string {
  const { title, paragraphs, centreName, button, locale } = options;
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '<form method="post">',
    `<div class="actions"><button class="button primary" type="submit">${escapeHtml(button)}</button></div>`,
    '</form>',
  ].join('');
  return page(title, centreName, body, locale);
}

/** Sends one of these pages with their policy in place of the API's, which allows no style. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  reply.header('content-security-policy', answerPageContentPolicy(reply.server.config.publicUrls));
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}
