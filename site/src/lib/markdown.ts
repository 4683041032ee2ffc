import { type ContactDetails, expandDirectives } from '@cfp/content';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*(?!\s)(.+?)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(((?:https?:|mailto:|tel:|\/)[^)\s]*)\)/g, '<a href="$2">$1</a>');
}

/**
 * Renders the short markdown that front-matter fields allow (FAQ answers, a programme's
 * job presentation): paragraphs, bullet lists, bold, italic and links. Bodies of content
 * files go through Astro's full markdown pipeline instead.
 */
export function renderShortMarkdown(source: string): string {
  return source
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => /^[-*] /.test(line))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('');
}

/** Plain text of an HTML fragment, for excerpts and meta descriptions. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max * 0.6 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:.]+$/, '')}…`;
}

/** A card's plain text with the content's directives (`:appeler`...) written by the centre's details. */
export function textWithDetails(text: string, contact: ContactDetails): string {
  return expandDirectives(escapeHtml(text), contact);
}

/** Short markdown (a FAQ answer, a programme's job) rendered, its directives written by the centre's details. */
export function shortMarkdownWithDetails(source: string, contact: ContactDetails): string {
  return expandDirectives(renderShortMarkdown(source), contact);
}
