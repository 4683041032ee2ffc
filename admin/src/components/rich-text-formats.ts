import Quill from 'quill';
import type { TextImage } from './image-dialog.tsx';

/** Pasted content keeps only what the toolbar can make, which is also what the server keeps. */
export const formats = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'list',
  'color',
  'background',
  'align',
  'link',
  'image',
];

const allowedProtocols = ['http:', 'https:', 'mailto:', 'tel:'];
export const blankLink = 'about:blank';

/**
 * Links may only point to http, https, mailto and tel; anything else (javascript:, data:, ...)
 * becomes a blank link. Addresses typed without a scheme ("www.example.cm", "info@example.cm")
 * get the one they obviously mean.
 */
export function sanitizeLinkUrl(value: string): string {
  const url = value.trim();
  if (!url) return blankLink;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    try {
      return allowedProtocols.includes(new URL(url).protocol) ? url : blankLink;
    } catch {
      return blankLink;
    }
  }
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(url)) return `mailto:${url}`;
  if (/^\+?[\d\s().-]{6,}$/.test(url)) return `tel:${url.replace(/[^\d+]/g, '')}`;
  if (/^(\/\/)?[\w-]+(\.[\w-]+)+([/?#:]\S*)?$/.test(url)) return `https://${url.replace(/^\/\//, '')}`;
  return blankLink;
}

const BaseLink = Quill.import('formats/link') as typeof import('quill/formats/link.js').default;

export class SafeLink extends BaseLink {
  static override SANITIZED_URL = blankLink;
  static override PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  static override sanitize(url: string): string {
    return sanitizeLinkUrl(url);
  }
}

Quill.register(SafeLink, true);
// Inline styles rather than Quill's classes, so posts look the same on the public site without Quill's CSS.
Quill.register(Quill.import('attributors/style/align') as never, true);

const BaseImage = Quill.import('formats/image') as typeof import('quill/formats/image.js').default;

/**
 * A picture in the text, as the image dialog inserts it: our upload's URL with its description,
 * size and WebP copies (the server keeps only our own uploads). Pasted or dropped pictures, which
 * Quill would keep as data: URIs, are not accepted (see the uploader in rich-text-editor.tsx).
 */
class DescribedImage extends BaseImage {
  // Quill types an image's value as its URL; ours is a TextImage, which Quill passes through untouched.
  static override create(value: string) {
    const given = value as unknown as TextImage | string;
    const image = typeof given === 'string' ? { src: given, alt: '', width: 0, height: 0, srcset: '' } : given;
    const node = BaseImage.create(image.src) as HTMLImageElement;
    if (image.src.startsWith('data:')) node.removeAttribute('src');
    node.setAttribute('alt', image.alt);
    if (image.width && image.height) {
      node.setAttribute('width', String(image.width));
      node.setAttribute('height', String(image.height));
    }
    if (image.srcset) node.setAttribute('srcset', image.srcset);
    return node;
  }

  static override value(node: Element): string {
    const image: TextImage = {
      src: node.getAttribute('src') ?? '',
      alt: node.getAttribute('alt') ?? '',
      width: Number(node.getAttribute('width')) || 0,
      height: Number(node.getAttribute('height')) || 0,
      srcset: node.getAttribute('srcset') ?? '',
    };
    return image as unknown as string;
  }
}

Quill.register(DescribedImage, true);
