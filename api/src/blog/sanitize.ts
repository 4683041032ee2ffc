import sanitizeHtml from 'sanitize-html';

const colour = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/**
 * What the editor (Quill, with the post form's toolbar) can produce, and nothing else:
 * headings 1-3, bold, italic, underline, strike, lists, colours, alignment, links
 * with http/https/mailto/tel. Scripts, event handlers, other URLs and tags are dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'a', 'span'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    li: ['data-list'],
    '*': ['class', 'style'],
  },
  // The editor writes alignment as a style; posts saved by its earlier setup carry these classes.
  allowedClasses: { '*': ['ql-align-center', 'ql-align-right', 'ql-align-justify'] },
  allowedStyles: {
    '*': { color: colour, 'background-color': colour, 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Quill 2 puts non-content UI markers in list items.
  exclusiveFilter: (frame) => frame.tag === 'span' && frame.attribs.class === 'ql-ui',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** True when the HTML has visible text once tags are removed. */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
