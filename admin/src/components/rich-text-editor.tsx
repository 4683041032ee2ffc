import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** The post editor's toolbar (docs/product.md#blog): headings 1-3, inline styles, lists, colours, alignment, link, clean. */
const toolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ['link'],
  ['clean'],
];

/** Pasted content keeps only what the toolbar can make, which is also what the server keeps. */
const formats = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'color', 'background', 'align', 'link'];

const allowedProtocols = ['http:', 'https:', 'mailto:', 'tel:'];
const blankLink = 'about:blank';

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
  if (/^(\/\/)?[\w-]+(\.[\w-]+)+([/?#:]\S*)?$/.test(url)) return `https://${url.replace(/^\/\//, '')}`;
  return blankLink;
}

const BaseLink = Quill.import('formats/link') as typeof import('quill/formats/link.js').default;

class SafeLink extends BaseLink {
  static override SANITIZED_URL = blankLink;
  static override PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  static override sanitize(url: string): string {
    return sanitizeLinkUrl(url);
  }
}

Quill.register(SafeLink, true);
// Inline styles rather than Quill's classes, so posts look the same on the public site without Quill's CSS.
Quill.register(Quill.import('attributors/style/align') as never, true);

/** Quill names its controls by format ("list: ordered"); pickers get no name at all. */
const controlLabels: [selector: string, label: string][] = [
  ['.ql-header .ql-picker-label', 'Heading'],
  ['button.ql-bold', 'Bold'],
  ['button.ql-italic', 'Italic'],
  ['button.ql-underline', 'Underline'],
  ['button.ql-strike', 'Strikethrough'],
  ['button.ql-list[value="ordered"]', 'Numbered list'],
  ['button.ql-list[value="bullet"]', 'Bulleted list'],
  ['.ql-color .ql-picker-label', 'Text colour'],
  ['.ql-background .ql-picker-label', 'Background colour'],
  ['.ql-align .ql-picker-label', 'Alignment'],
  ['button.ql-link', 'Link'],
  ['button.ql-clean', 'Clear formatting'],
];

function labelControls(toolbarElement: Element | undefined): void {
  if (!toolbarElement) return;
  toolbarElement.setAttribute('aria-label', 'Formatting');
  for (const [selector, label] of controlLabels) {
    toolbarElement.querySelector(selector)?.setAttribute('aria-label', label);
  }
}

function isEmpty(quill: Quill): boolean {
  return quill.getText().trim() === '';
}

/** Quill 2.0.3 turns every space into &nbsp;, which stops long lines wrapping on phones. */
function toHtml(quill: Quill): string {
  return isEmpty(quill) ? '' : quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

interface RichTextEditorProps {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy?: string;
  placeholder?: string;
  invalid?: boolean;
  /** The ids of the hint or error that describe the editor. */
  describedBy?: string | undefined;
  /**
   * Quill rewrites HTML it is given in its own way (attribute order, empty paragraphs, entities):
   * after loading `from` it reports the HTML it will produce for the same content, so that a form
   * can compare later edits with that and not with the server's text.
   */
  onNormalise?: (from: string, to: string) => void;
}

/** The one Quill editor of the admin. `value` is HTML; an editor with no text reports ''. */
export function RichTextEditor({
  id,
  value,
  onChange,
  labelledBy,
  placeholder,
  invalid = false,
  describedBy,
  onNormalise,
}: RichTextEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastHtml = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onNormaliseRef = useRef(onNormalise);
  onNormaliseRef.current = onNormalise;

  // Quill is created once; later values arrive through the effect below. Both run as layout
  // effects, before the next keystroke: a value loaded late would overwrite what was typed since.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = container.appendChild(document.createElement('div'));
    const quill = new Quill(host, { theme: 'snow', modules: { toolbar }, formats, placeholder });
    const editable = quill.root;
    if (id) editable.id = id;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    if (labelledBy) editable.setAttribute('aria-labelledby', labelledBy);
    labelControls(container.querySelector('.ql-toolbar') ?? undefined);
    quillRef.current = quill;
    lastHtml.current = null;

    quill.on('text-change', () => {
      const html = toHtml(quill);
      lastHtml.current = html;
      onChangeRef.current(html);
    });
    return () => {
      quillRef.current = null;
      container.innerHTML = '';
    };
  }, []);

  useLayoutEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    // Undo stops at the loaded content instead of emptying the editor.
    (quill.getModule('history') as { clear(): void } | undefined)?.clear();
    const normalised = toHtml(quill);
    lastHtml.current = normalised;
    if (normalised !== value) onNormaliseRef.current?.(value, normalised);
  }, [value]);

  useEffect(() => {
    quillRef.current?.root.setAttribute('aria-invalid', String(invalid));
  }, [invalid]);

  useEffect(() => {
    const editable = quillRef.current?.root;
    if (!editable) return;
    if (describedBy) editable.setAttribute('aria-describedby', describedBy);
    else editable.removeAttribute('aria-describedby');
  }, [describedBy]);

  return <div className="rich-text-editor" ref={containerRef} />;
}
