import sanitizeHtml from 'sanitize-html';

const colour = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

// Only to read a relative URL or base; never part of an answer.
const placeholderOrigin = 'http://relative.invalid';

/** A path segment that stays in its folder once decoded: not `.`, `..`, nor one hiding a slash (`..%2f`). */
function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded);
}

/**
 * Whether `url` names a file under `imageBase` as the reader's browser and the server will read
 * it: a text prefix is not enough, `{base}../api/health` starts with it and climbs out.
 */
function isOwnUpload(url: string | undefined, imageBase: string): boolean {
  if (!url) return false;
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url, placeholderOrigin);
    base = new URL(imageBase, placeholderOrigin);
  } catch {
    return false;
  }
  if (parsed.origin !== base.origin || parsed.search !== '' || parsed.hash !== '') return false;
  if (!url.startsWith(imageBase) || !parsed.pathname.startsWith(base.pathname)) return false;
  return parsed.pathname.slice(base.pathname.length).split('/').every(isPlainSegment);
}

/** An image's srcset with only our uploads in it, or undefined when any candidate is from elsewhere. */
function ownSrcset(srcset: string | undefined, imageBase: string): string | undefined {
  if (!srcset) return undefined;
  const candidates = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/));
  const own = candidates.every(([url, width]) => isOwnUpload(url, imageBase) && /^\d+w$/.test(width ?? ''));
  return own ? candidates.map((candidate) => candidate.join(' ')).join(', ') : undefined;
}

const dimension = (value: string | undefined) => (value && /^\d{1,5}$/.test(value) ? value : undefined);

/** The tags a post's HTML may hold once sanitised. */
export const postHtmlTags = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ol',
  'ul',
  'li',
  'a',
  'span',
  'img',
] as const;

/**
 * What the editor (Quill, with the post form's toolbar) can produce, and nothing else:
 * headings 1-3, bold, italic, underline, strike, lists, colours, alignment, links
 * with http/https/mailto/tel, and images uploaded here (POST /api/images), with their
 * description, size and WebP copies. Scripts, event handlers, other URLs and tags are dropped.
 */
const optionsFor = (imageBase: string): sanitizeHtml.IOptions => ({
  allowedTags: [...postHtmlTags],
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
    (frame.tag === 'img' && !isOwnUpload(frame.attribs.src, imageBase)),
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
