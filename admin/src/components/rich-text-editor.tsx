import type { UploadedImage } from '@cfp/shared';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ImageDialog, type TextImage } from './image-dialog.tsx';
import { LinkDialog, type LinkDraft } from './link-dialog.tsx';
import { blankLink, formats, SafeLink, sanitizeLinkUrl } from './rich-text-formats.ts';
import { keyboardBindings, labelControls, toolbar } from './rich-text-toolbar.ts';

export { sanitizeLinkUrl } from './rich-text-formats.ts';
export { editorKeyboardHelp } from './rich-text-toolbar.ts';

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
  /** Uploads a picture chosen for the text (POST /api/images), as the cover is. */
  uploadImage: (file: File) => Promise<UploadedImage>;
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
  uploadImage,
}: RichTextEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastHtml = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onNormaliseRef = useRef(onNormalise);
  onNormaliseRef.current = onNormalise;
  const [link, setLink] = useState<LinkTarget | null>(null);
  /** Where the image dialog inserts: the caret's index when it opened. */
  const [imageAt, setImageAt] = useState<number | null>(null);

  // Quill is created once; later values arrive through the effect below. Both run as layout
  // effects, before the next keystroke: a value loaded late would overwrite what was typed since.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const host = container.appendChild(document.createElement('div'));
    const quill = new Quill(host, {
      theme: 'snow',
      // Dropped or pasted files are not inserted as data: URIs: pictures come through the Image button, uploaded.
      modules: { toolbar, keyboard: { bindings: keyboardBindings }, uploader: { handler: () => {} } },
      formats,
      placeholder,
    });
    const editable = quill.root;
    if (id) editable.id = id;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    if (labelledBy) editable.setAttribute('aria-labelledby', labelledBy);
    labelControls(container.querySelector('.ql-toolbar') ?? undefined);
    const toolbarModule = quill.getModule('toolbar') as { addHandler(format: string, handler: () => void): void };
    toolbarModule.addHandler('link', () => setLink(linkTarget(quill)));
    toolbarModule.addHandler('image', () => setImageAt(quill.getSelection(true).index));
    // Quill reads the caret on a timer after it moves: read now as the text loses focus, so that a
    // toolbar control reached at once (Shift+Tab) works where the caret is, not where it was.
    editable.addEventListener('blur', () => quill.update());
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

  /**
   * Closes the dialogs back in the text, the caret at `caret` (after what was inserted) or where it
   * was. Focus and caret are placed at once, before the dialog goes, which then leaves them there:
   * placed later, they raced the dialog's own return of focus and overrode the next keystrokes.
   */
  const backToText = (caret?: number) => {
    const quill = quillRef.current;
    quill?.focus();
    if (caret !== undefined) quill?.setSelection(caret, 0, 'silent');
    setLink(null);
    setImageAt(null);
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
    backToText(target.index + text.length);
  };

  const insertImage = (index: number, image: TextImage) => {
    quillRef.current?.insertEmbed(index, 'image', image, 'user');
    backToText(index + 1);
  };

  return (
    <>
      <div className="rich-text-editor" ref={containerRef} />
      {imageAt !== null && (
        <ImageDialog upload={uploadImage} onInsert={(image) => insertImage(imageAt, image)} onCancel={() => backToText()} />
      )}
      {link && (
        <LinkDialog
          initial={link.draft}
          toUrl={linkAddress}
          onInsert={(draft) => insertLink(link, draft)}
          onRemove={
            link.existing
              ? () => {
                  quillRef.current?.formatText(link.index, link.length, 'link', false, 'user');
                  backToText(link.index + link.length);
                }
              : undefined
          }
          onCancel={() => backToText()}
        />
      )}
    </>
  );
}
