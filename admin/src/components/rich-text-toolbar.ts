import type Quill from 'quill';

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
export const toolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: textColours.map(([value]) => value || false) }, { background: backgroundColours.map(([value]) => value || false) }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/**
 * Tab and Shift+Tab leave the editor like any field (WCAG 2.1.2). Ctrl+M does what Tab did:
 * indent a list item or a quote, else insert a tab; Ctrl+Shift+M takes the indent back.
 */
export const keyboardBindings = {
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
  ['button.ql-image', 'Image'],
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

export function labelControls(toolbarElement: Element | undefined): void {
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
