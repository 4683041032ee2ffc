import sanitizeHtml from 'sanitize-html';

const colour = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** An image's srcset with only our uploads in it, or undefined when any candidate is from elsewhere. */
function ownSrcset(srcset: string | undefined, imageBase: string): string | undefined {
  if (!srcset) return undefined;
  const candidates = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/));
  const own = candidates.every(([url, width]) => url?.startsWith(imageBase) && /^\d+w$/.test(width ?? ''));
  return own ? candidates.map((candidate) => candidate.join(' ')).join(', ') : undefined;
}

const dimension = (value: string | undefined) => (value && /^\d{1,5}$/.test(value) ? value : undefined);

/**
 * What the editor (Quill, with the post form's toolbar) can produce, and nothing else:
 * headings 1-3, bold, italic, underline, strike, lists, colours, alignment, links
 * with http/https/mailto/tel, and images uploaded here (POST /api/images), with their
 * description, size and WebP copies. Scripts, event handlers, other URLs and tags are dropped.
 */
const optionsFor = (imageBase: string): sanitizeHtml.IOptions => ({
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'a', 'span', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    li: ['data-list'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
    '*': ['class', 'style'],
  },
  // The editor writes alignment as a style; posts saved by its earlier setup carry these classes.
  allowedClasses: { '*': ['ql-align-center', 'ql-align-right', 'ql-align-justify'] },
  allowedStyles: {
    '*': { color: colour, 'background-color': colour, 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    // Quill 2 puts non-content UI markers in list items.
    (frame.tag === 'span' && frame.attribs.class === 'ql-ui') ||
    // Only our own uploads: no pasted data: image, no hot-linked picture from another site.
    (frame.tag === 'img' && !frame.attribs.src?.startsWith(imageBase)),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const srcset = ownSrcset(attribs.srcset, imageBase);
      const width = dimension(attribs.width);
      const height = dimension(attribs.height);
      return {
        tagName,
        attribs: {
          src: attribs.src ?? '',
          alt: attribs.alt ?? '',
          ...(width && height ? { width, height } : {}),
          ...(srcset ? { srcset, sizes: '(min-width: 46rem) 44rem, calc(100vw - 2rem)' } : {}),
          loading: 'lazy',
          decoding: 'async',
        },
      };
    },
  },
});

/** The post's HTML as the site may print it; `imageBase` is where our uploads are served (storage.publicUrl('')). */
export function sanitizePostHtml(html: string, imageBase: string): string {
  return sanitizeHtml(html, optionsFor(imageBase)).trim();
}

/** True when the HTML has visible text once tags are removed. */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
