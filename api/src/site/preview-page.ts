import { createHash } from 'node:crypto';

/**
 * A page of a preview build as the API serves it under `prefix` (`/api/site-preview/<id>`): its
 * addresses on the site's root point into the preview, so its styles, scripts, fonts, pictures
 * and links to other pages are the preview's; the hashes of its content security policy follow
 * the inline styles and scripts that changed; a line at the top says it is not published.
 * Addresses of the API and of the uploaded images stay as they are: they are not the build's.
 */
export function previewPage(html: string, prefix: string): string {
  const rewritten = html
    .replace(
      /(\s(?:href|src|action|poster)=")(\/(?![/\\]|api\/|media\/)[^"]*)"/g,
      (_, attribute, url) => `${attribute}${prefix}${url}"`,
    )
    .replace(/(\ssrcset=")([^"]*)"/g, (_, attribute, list: string) => `${attribute}${prefixedSrcset(list, prefix)}"`)
    .replace(/(url\((["']?))(\/(?![/\\]|api\/|media\/))/g, (_, opening, _quote, slash) => `${opening}${prefix}${slash}`);
  return withPreviewNote(withHashesOf(html, rewritten));
}

const localUrl = /^\/(?![/\\]|api\/|media\/)/;

function prefixedSrcset(list: string, prefix: string): string {
  return list
    .split(',')
    .map((candidate) => {
      const trimmed = candidate.trim();
      return localUrl.test(trimmed) ? candidate.replace(trimmed, `${prefix}${trimmed}`) : candidate;
    })
    .join(',');
}

const inlineElement = /<(style|script)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/\1>/g;
const hashOf = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The page's policy with the hash of each inline style or script the rewriting changed replaced by the new one's. */
function withHashesOf(original: string, rewritten: string): string {
  const before = [...original.matchAll(inlineElement)].map((match) => match[2] ?? '');
  const after = [...rewritten.matchAll(inlineElement)].map((match) => match[2] ?? '');
  let page = rewritten;
  before.forEach((text, index) => {
    const now = after[index];
    if (now !== undefined && now !== text) page = page.replaceAll(`'${hashOf(text)}'`, `'${hashOf(now)}'`);
  });
  return page;
}

const previewNotes = {
  fr: 'Aperçu\u00a0: cette page n’est pas publiée. Les formulaires n’envoient rien.',
  en: 'Preview: this page is not published. The forms send nothing.',
};
const noteStyle =
  'margin:0;padding:.6rem 1rem;background:#5b3a00;color:#fff;font:600 15px/1.4 system-ui,sans-serif;text-align:center';

function withPreviewNote(html: string): string {
  const language = /<html[^>]*\slang="en/.test(html) ? 'en' : 'fr';
  return html.replace(
    /<body[^>]*>/,
    (body) => `${body}<p role="note" data-preview-note style="${noteStyle}">${previewNotes[language]}</p>`,
  );
}
