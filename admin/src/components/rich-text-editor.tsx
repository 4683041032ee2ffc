import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LinkDialog, type LinkDraft } from './link-dialog.tsx';

/** A short palette with names, rather than Quill's 35 unnamed swatches: '' is the text's own colour. */
const textColours: [value: string, name: string][] = [
  ['', 'Default colour'],
  ['#5b6661', 'Grey'],
  ['#b42318', 'Red'],
  ['#b45309', 'Orange'],
  ['#0d5c3a', 'Green'],
  ['#1d4ed8', 'Blue'],
  ['#6d28d9', 'Purple'],
];
const backgroundColours: [value: string, name: string][] = [
  ['', 'No highlight'],
  ['#fff3bf', 'Yellow highlight'],
  ['#e8f2ed', 'Green highlight'],
  ['#e7eefc', 'Blue highlight'],
  ['#fdecea', 'Red highlight'],
];
const alignments: [value: string, name: string][] = [
  ['', 'Align left'],
  ['center', 'Centre'],
  ['right', 'Align right'],
  ['justify', 'Justify'],
];
const headings: [value: string, name: string][] = [
  ['1', 'Heading 1'],
  ['2', 'Heading 2'],
  ['3', 'Heading 3'],
  ['', 'Normal text'],
];

/** The post editor's toolbar (docs/product.md#blog): headings 1-3, inline styles, lists, colours, alignment, link, clean. */
const toolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: textColours.map(([value]) => value || false) }, { background: backgroundColours.map(([value]) => value || false) }],
  [{ align: [] }],
  ['link'],
  ['clean'],
];

/**
 * Tab and Shift+Tab leave the editor like any field (WCAG 2.1.2). Ctrl+M does what Tab did:
 * indent a list item or a quote, else insert a tab; Ctrl+Shift+M takes the indent back.
 */
const keyboardBindings = {
  indent: null,
  outdent: null,
  tab: null,
  'remove tab': null,
  'indent code-block': null,
  'outdent code-block': null,
  'table tab': null,
  'indent shortcut': {
    key: 'm',
    shortKey: true,
    handler(this: { quill: Quill }, range: { index: number; length: number }, context: { format: Record<string, unknown> }) {
      if (context.format.list || context.format.blockquote || context.format.indent) {
        this.quill.format('indent', '+1', 'user');
      } else {
        this.quill.deleteText(range.index, range.length, 'user');
        this.quill.insertText(range.index, '\t', 'user');
        this.quill.setSelection(range.index + 1, 0, 'silent');
      }
      return false;
    },
  },
  'outdent shortcut': {
    key: 'm',
    shortKey: true,
    shiftKey: true,
    handler(this: { quill: Quill }) {
      this.quill.format('indent', '-1', 'user');
      return false;
    },
  },
};

/** What the editor's help says about the keyboard. */
export const editorKeyboardHelp =
  'Tab moves to the next field. Ctrl+M indents a list item or inserts a tab; Ctrl+Shift+M removes the indent.';

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
  if (/^\+?[\d\s().-]{6,}$/.test(url)) return `tel:${url.replace(/[^\d+]/g, '')}`;
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

/** Pickers' options, named by their value (Quill gives them none). */
const pickerOptions: [picker: string, names: [value: string, name: string][]][] = [
  ['.ql-header', headings],
  ['.ql-color', textColours],
  ['.ql-background', backgroundColours],
  ['.ql-align', alignments],
];

function name(element: Element | null, label: string): void {
  element?.setAttribute('aria-label', label);
  // The same words as a tooltip, for those who see the icons without knowing them.
  element?.setAttribute('title', label);
}

function labelControls(toolbarElement: Element | undefined): void {
  if (!toolbarElement) return;
  toolbarElement.setAttribute('aria-label', 'Formatting');
  for (const [selector, label] of controlLabels) name(toolbarElement.querySelector(selector), label);
  for (const [picker, names] of pickerOptions) {
    for (const item of toolbarElement.querySelectorAll(`${picker} .ql-picker-item`)) {
      const value = item.getAttribute('data-value') ?? '';
      name(item, names.find(([option]) => option === value)?.[1] ?? value);
    }
  }
}

/** An address the site accepts, or null: what the link dialog checks before inserting. */
function linkAddress(typed: string): string | null {
  const url = sanitizeLinkUrl(typed);
  return url === blankLink ? null : url;
}

/** Where the link dialog works: the selection, or the whole link the caret is in. */
interface LinkTarget {
  index: number;
  length: number;
  draft: LinkDraft;
  existing: boolean;
}

function linkTarget(quill: Quill): LinkTarget {
  const range = quill.getSelection(true);
  let { index, length } = range;
  const current = quill.getFormat(index, length).link;
  if (typeof current === 'string' && length === 0) {
    const [blot, offset] = quill.scroll.descendant((found: unknown) => found instanceof SafeLink, Math.max(0, index - 1));
    if (blot) {
      index = Math.max(0, index - 1) - offset;
      length = blot.length();
    }
  }
  const url = typeof current === 'string' && current !== blankLink ? current : '';
  return { index, length, draft: { text: quill.getText(index, length), url }, existing: typeof current === 'string' };
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
  const [link, setLink] = useState<LinkTarget | null>(null);

  // Quill is created once; later values arrive through the effect below. Both run as layout
  // effects, before the next keystroke: a value loaded late would overwrite what was typed since.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = container.appendChild(document.createElement('div'));
    const quill = new Quill(host, {
      theme: 'snow',
      modules: { toolbar, keyboard: { bindings: keyboardBindings } },
      formats,
      placeholder,
    });
    const editable = quill.root;
    if (id) editable.id = id;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    if (labelledBy) editable.setAttribute('aria-labelledby', labelledBy);
    labelControls(container.querySelector('.ql-toolbar') ?? undefined);
    (quill.getModule('toolbar') as { addHandler(format: string, handler: () => void): void }).addHandler('link', () =>
      setLink(linkTarget(quill)),
    );
    // A picker's option chosen with Enter leaves focus on the option it hides: back to the text, where the format applies.
    container.querySelector('.ql-toolbar')?.addEventListener('keydown', (event) => {
      const target = event.target as Element;
      if ((event as KeyboardEvent).key === 'Enter' && target.classList.contains('ql-picker-item'))
        setTimeout(() => quill.focus(), 0);
    });
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

  /** Back in the text after the dialog, the caret at `position` (after the dialog has given focus back to its opener). */
  const closeLink = (position?: number) => {
    setLink(null);
    requestAnimationFrame(() => {
      const quill = quillRef.current;
      if (!quill) return;
      quill.focus();
      if (position !== undefined) quill.setSelection(position, 0, 'silent');
    });
  };

  const insertLink = (target: LinkTarget, { text, url }: LinkDraft) => {
    const quill = quillRef.current;
    if (!quill) return;
    if (target.length > 0 && text === target.draft.text) {
      quill.formatText(target.index, target.length, 'link', url, 'user');
    } else {
      quill.deleteText(target.index, target.length, 'user');
      quill.insertText(target.index, text, 'link', url, 'user');
    }
    closeLink(target.index + text.length);
  };

  return (
    <>
      <div className="rich-text-editor" ref={containerRef} />
      {link && (
        <LinkDialog
          initial={link.draft}
          toUrl={linkAddress}
          onInsert={(draft) => insertLink(link, draft)}
          onRemove={
            link.existing
              ? () => {
                  quillRef.current?.formatText(link.index, link.length, 'link', false, 'user');
                  closeLink(link.index + link.length);
                }
              : undefined
          }
          onCancel={() => closeLink()}
        />
      )}
    </>
  );
}
