import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directivePattern } from '@cfp/content';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The interface's words follow the content's typography (content-typography.test.ts). French: the
 * typographic apostrophe ’, and a no-break space (U+00A0 or the narrow U+202F) before : ; ? ! »
 * and %, and after «. Checked in what a visitor reads or hears in site/src: the text of the
 * markup (.astro templates, .tsx islands), the attributes shown or read aloud (aria-label, title,
 * placeholder, alt...) and the components' text props, and the French strings of the code
 * (messages, labels; a template literal's text around its `${…}`).
 *
 * The files are read with TypeScript's parser (an Astro template as TSX), so code is never taken
 * for text: URLs, CSS, `a:hover`, ternaries and object literals are syntax, not strings.
 *
 * English words are the `en` side of a component's `localized(locale, { fr, en })`: checked with
 * the English rules (’, and no space before : ; ? !), never taken for French.
 */

const source = fileURLToPath(new URL('../src', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(astro|ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The attributes of an HTML element that a visitor sees or hears; a component's string props are all its text. */
const visibleAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'content',
]);
/** Props of components that are code, never text. */
const codeProps = new Set([
  'class',
  'class:list',
  'href',
  'id',
  'name',
  'slot',
  'src',
  'sizes',
  'style',
  'type',
  'variant',
  'group',
]);

/**
 * A French phrase: two words of letters, not code (tags are left out first, so `<a href>` in a
 * message is not code), not English (the build's own errors, for the developer).
 */
const isFrench = (text: string) =>
  /\p{L}{2,}\p{P}*[\s\u00a0\u202f]+[«(]?\p{L}{2}|\p{L}['’]\p{L}{2,}/u.test(text) &&
  !/=>|[{}<>=]|^\s*[.#]?[\w-]+\s*:\S|^\s*[a-z-]+\s*:[^;]*;|\((min|max)-width/.test(text) &&
  !/\b(the|is|are|be|not|cannot|and|of|to|with|for|when|must|should|from|this|that|it|its|needed|unknown|missing|expected)\b/i.test(
    text,
  );

const entities: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", rsquo: '’' };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#')
      ? String.fromCodePoint(Number(name.startsWith('#x') ? `0${name.slice(1)}` : name.slice(1)))
      : (entities[name] ?? entity),
  );
const withoutTags = (text: string) => text.replace(/<\/?[a-z][^<>]*>/gi, '');

interface Parts {
  /** Code (TypeScript, TSX); the template of an .astro file as a TSX fragment; its scripts. */
  code: Array<{ text: string; kind: ts.ScriptKind }>;
}

/** Splits a file into what TypeScript can parse: an .astro file's front matter, template (without its styles) and scripts. */
function partsOf(path: string, text: string): Parts {
  if (path.endsWith('.ts')) return { code: [{ text, kind: ts.ScriptKind.TS }] };
  if (path.endsWith('.tsx')) return { code: [{ text, kind: ts.ScriptKind.TSX }] };
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const template = text.slice(frontMatter?.[0].length ?? 0);
  const scripts = [...template.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  const markup = template.replace(/<(script|style)\b[^>]*?(\/>|>[\s\S]*?<\/\1>)/g, '').replace(/<!doctype[^>]*>/i, '');
  return {
    code: [
      { text: frontMatter?.[1] ?? '', kind: ts.ScriptKind.TS },
      { text: `<>${markup}</>;`, kind: ts.ScriptKind.TSX },
      ...scripts.map((script) => ({ text: script, kind: ts.ScriptKind.TS })),
    ],
  };
}

/** The phrases a visitor may read in a piece of code, and the parser's complaints (a file this test cannot read must not pass unread). */
function phrasesOf(text: string, kind: ts.ScriptKind): { phrases: string[]; english: string[]; errors: string[] } {
  const file = ts.createSourceFile(`part.${kind === ts.ScriptKind.TSX ? 'tsx' : 'ts'}`, text, ts.ScriptTarget.Latest, true, kind);
  const errors = ((file as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? []).map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  );
  const phrases: string[] = [];
  const english: string[] = [];
  const visitEnglish = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) english.push(node.text);
    if (ts.isTemplateExpression(node))
      english.push(node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join(''));
    ts.forEachChild(node, visitEnglish);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExternalModuleReference(node)) return;
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'en') {
      visitEnglish(node.initializer);
      return;
    }
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // A run of text, an element or expression in it as a word: "{count} formations", "Bonjour {name} !",
      // "Besoin d’aide ? <a>Écrivez-nous</a> !". The element's own text is another run.
      phrases.push(
        node.children
          .map((child) => (ts.isJsxText(child) ? decode(child.text) : ts.isJsxExpression(child) && !child.expression ? '' : 'x'))
          .join(''),
      );
    }
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText();
      const tag = node.parent.parent.tagName.getText();
      const component = /^[A-Z]/.test(tag);
      if (component ? !codeProps.has(name) : visibleAttributes.has(name)) phrases.push(decode(node.initializer.text));
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) phrases.push(node.text);
    if (ts.isTemplateExpression(node)) {
      // The text around each `${…}`, with the expression as a word.
      phrases.push(node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { phrases, english, errors };
}

const space = '[\\u00a0\\u202f]';
const rules: Array<[RegExp, string]> = [
  [/'/g, 'straight apostrophe: use ’'],
  [/[ \t][:;?!»%]/g, 'plain space before : ; ? ! » or %: use a no-break space (U+00A0 or U+202F)'],
  [/[^\s\u00a0\u202f(][;?!»](?=\s|$)/g, 'no space before ; ? ! or »: add a no-break space (U+00A0 or U+202F)'],
  [/[\p{L}\p{N})\]»*][:%](?=\s|$)/gu, 'no space before : or %: add a no-break space (U+00A0 or U+202F)'],
  [new RegExp(`«(?!${space})`, 'g'), 'no no-break space after «'],
];

const englishRules: Array<[RegExp, string]> = [
  [/\p{L}'\p{L}/gu, 'straight apostrophe in English: use ’'],
  [/[ \t\u00a0\u202f][:;?!](?=\s|$)/g, 'space before : ; ? or ! in English: English has none'],
];

const readable = (phrase: string) =>
  withoutTags(phrase)
    .replace(directivePattern, 'directive')
    .replace(/[ \t\r\n]+/g, ' ');

const faultsIn = (path: string, phrase: string, checks: Array<[RegExp, string]>) =>
  checks.flatMap(([pattern, problem]) =>
    [...phrase.matchAll(pattern)].map(
      (found) => `${path}: ${problem}: «${phrase.slice(Math.max(0, found.index - 25), found.index + 5).trim()}»`,
    ),
  );

/** The typographic problems of one file's French and English, each with the file and the words around it. */
function problemsIn(path: string, text: string): string[] {
  return partsOf(path, text).code.flatMap((part) => {
    const { phrases, english, errors } = phrasesOf(part.text, part.kind);
    if (errors.length > 0) return [`${path}: cannot be read as ${ts.ScriptKind[part.kind]}: ${errors[0]}`];
    return [
      ...phrases
        .map(readable)
        .filter(isFrench)
        .flatMap((phrase) => faultsIn(path, phrase, rules)),
      ...english.map(readable).flatMap((phrase) => faultsIn(path, phrase, englishRules)),
    ];
  });
}

describe('typography of the interface', () => {
  it('uses ’ and no-break spaces in every French string of site/src', () => {
    const problems = files(source)
      .map((path) => relative(source, path))
      .flatMap((path) => problemsIn(path, readFileSync(join(source, path), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('finds the faults in markup text, visible attributes, props and strings', () => {
    const page = [
      '---',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is a page's code, with its template literal
      "const title = `${n} formations : niveau d'entrée`;",
      "const messages = { empty: 'Aucun résultat pour l’instant !' };",
      "const words = localized(locale, { fr: { level: 'Niveau d’entrée : BEPC' }, en: { level: 'Entry level: BEPC', empty: 'None yet !', it: \"It's\" } });",
      '---',
      '<PageHeader eyebrow="Nos formations : toutes">',
      '  <p>Besoin d\'aide ? <a href="/contact">Écrivez-nous</a> !</p>',
      '  <input placeholder="ex. soudeur; comptable" />',
      '  <p>« Un métier»</p>',
      '</PageHeader>',
    ].join('\n');
    const found = problemsIn('page.astro', page).map((problem) => problem.replace('page.astro: ', '').split(':')[0]?.trim());
    expect(found).toEqual([
      'straight apostrophe', // the front matter's template literal: niveau d'entrée
      'plain space before', // ... and its " :"
      'plain space before', // the object's string: l’instant !
      'plain space before', // the French side of localized: "Niveau d’entrée : BEPC"
      'space before', // its English side: "None yet !" ("Entry level: BEPC" is right in English)
      'straight apostrophe in English', // and It's
      'plain space before', // a component's prop: eyebrow="Nos formations : toutes"
      'straight apostrophe', // markup text: Besoin d'aide
      'plain space before', // ... " ?"
      'plain space before', // ... " !" after the link
      'no space before ; ? ! or »', // a visible attribute: placeholder="ex. soudeur; comptable"
      'no space before ; ? ! or »', // « Un métier»
      'no no-break space after «',
    ]);
  });

  it('leaves code alone: URLs, CSS, selectors, ternaries, object syntax, attributes that are not text', () => {
    const page = [
      '---',
      "const link = 'https://wa.me/237?text=Bonjour';",
      "const css = 'a:hover { color: red }';",
      "const label = count > 1 ? 'formations' : 'formation';",
      "const options = { label: 'Tous les niveaux', value: '' };",
      "document.querySelector('[data-count] :focus');",
      "element.setAttribute('style', 'color: red; margin: 0');",
      '---',
      '<a class="button button--ghost" href="/contact?formation=soudure">Contact</a>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is a page's markup, with a template literal
      '<p>{count > 1 ? `${count} formations` : "Une formation"}</p>',
      '<style>a:hover { color: red; }</style>',
    ].join('\n');
    expect(problemsIn('page.astro', page)).toEqual([]);
  });
});
