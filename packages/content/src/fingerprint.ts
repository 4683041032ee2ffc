import { createHash } from 'node:crypto';
import { translationStampPattern } from './schemas.ts';
import { fieldsOf, type TwinKind, translatableTexts } from './translations.ts';

/**
 * Which French texts an English text translates: `translationOf`, written by
 * `pnpm content:translated` and by the admin's forms, holds for each section of the text (a
 * field such as `summary` or `highlights`, the body, a FAQ's question by its number) the
 * fingerprint of its French when it was translated and of its English as it was then:
 * `summary:1a2b3c/4d5e6f body:…`. Only texts count, so a fee, an intake or `confirmed` changed in
 * the French file leaves the English current; a changed French sentence makes its section
 * outdated, and only a section whose English has changed since (or one the translator says is
 * right as it is) is stamped again. Fingerprints, not dates: the content folder need not be a
 * git checkout, and the same texts always give the same value.
 */

/** JSON with each object's keys sorted: the same texts give the same string, whatever the order of the YAML. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  // Trimmed as the schemas trim them: the site reads a text as its collection holds it.
  return JSON.stringify(typeof value === 'string' ? value.trim() : value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const normalisedBody = (body: string) => body.replace(/\r\n/g, '\n').trim();

/** The first 12 hexadecimal characters of the SHA-256 of a French text's translatable texts and body: whether it changed at all. */
export function translationFingerprint(kind: TwinKind, data: unknown, body = ''): string {
  return sha256(canonical({ texts: translatableTexts(kind, data), body: normalisedBody(body) })).slice(0, 12);
}

/** A text of either language, as its file holds it. */
export interface TextContent {
  data: unknown;
  body?: string;
}

/** The sections a stamp follows one by one: the translatable fields and the body; a FAQ's questions by number (from 1). */
function sectionsOf(kind: TwinKind, { data, body }: TextContent): Map<string, unknown> {
  if (kind === 'faq') return new Map((Array.isArray(data) ? data : []).map((item, index) => [`${index + 1}`, item]));
  // Keys listed, not read by name: Astro's entries warn when code reads a `slug` they lack.
  const texts = Object.entries(fieldsOf(translatableTexts(kind, data))).filter(
    ([key]) => key !== 'translationOf' && key !== 'slug',
  );
  return new Map([...texts, ['body', normalisedBody(body ?? '')]]);
}

const sectionFingerprint = (value: unknown) => sha256(canonical(value)).slice(0, 6);

export type TranslationStamp = Map<string, { french: string; english: string }>;

const stampToken = /^([A-Za-z0-9]+):([0-9a-f]{6})\/([0-9a-f]{6})$/;

/** A stamp as written; undefined when there is none or it is not of this form (an old whole-text fingerprint). */
export function parseStamp(value: unknown): TranslationStamp | undefined {
  if (typeof value !== 'string' || !translationStampPattern.test(value)) return undefined;
  return new Map(
    value.split(' ').map((token) => {
      const [, section = '', french = '', english = ''] = stampToken.exec(token) ?? [];
      return [section, { french, english }];
    }),
  );
}

const stampString = (stamp: TranslationStamp) =>
  [...stamp].map(([section, { french, english }]) => `${section}:${french}/${english}`).join(' ');

/** The sections of the French text that changed since their English was stamped (all of them without a stamp). */
export function outdatedSections(kind: TwinKind, stampValue: unknown, french: TextContent): string[] {
  const stamp = parseStamp(stampValue);
  return [...sectionsOf(kind, french)]
    .filter(([section, value]) => stamp?.get(section)?.french !== sectionFingerprint(value))
    .map(([section]) => section);
}

/**
 * A stamp renewed: `all` sections said to translate the French as it is now (the translator
 * says the whole English is right), or only those whose English changed since they were last
 * stamped (`edited`): an English left as it was keeps saying what an older French said.
 */
export function renewedStamp(
  kind: TwinKind,
  stampValue: unknown,
  french: TextContent,
  english: TextContent,
  which: 'all' | 'edited',
): string {
  const previous = parseStamp(stampValue);
  const englishSections = sectionsOf(kind, english);
  const renewed: TranslationStamp = new Map();
  for (const [section, value] of sectionsOf(kind, french)) {
    const now = { french: sectionFingerprint(value), english: sectionFingerprint(englishSections.get(section)) };
    const before = previous?.get(section);
    renewed.set(section, which === 'all' || !before || before.english !== now.english ? now : before);
  }
  return stampString(renewed);
}

/** faq.yaml is a list, with no field to hold it: its fingerprint is a comment line. */
const faqStampLine = /^# translationOf:[ \t]*(.*?)[ \t]*$/m;
/** A markdown text's stamp: a line of its front matter (not indented). */
const frontMatterStampLine = /^translationOf:.*$/m;

/** The stamp of an English text, as written (the schema checks its form); undefined when there is none. */
export function translationOfIn(kind: TwinKind, text: string, data: unknown): unknown {
  return kind === 'faq' ? faqStampLine.exec(text)?.[1] : fieldsOf(data).translationOf;
}

/**
 * The English text with a stamp, every other byte unchanged: its `translationOf`
 * line rewritten, or added as the first line of its front matter (of faq.yaml, as a comment).
 * A text without front matter is returned as it is.
 */
export function withTranslationOf(kind: TwinKind, text: string, stamp: string): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  if (kind === 'faq') {
    const line = `# translationOf: ${stamp}`;
    return faqStampLine.test(text) ? text.replace(faqStampLine, line) : `${line}${newline}${text}`;
  }
  const frontMatter = /^(---\r?\n)([\s\S]*?\r?\n)(---(?:\r?\n|$))/.exec(text);
  if (!frontMatter) return text;
  const [whole, open = '', yaml = '', close = ''] = frontMatter;
  const line = `translationOf: "${stamp}"`;
  const stamped = frontMatterStampLine.test(yaml) ? yaml.replace(frontMatterStampLine, line) : `${line}${newline}${yaml}`;
  return `${open}${stamped}${close}${text.slice(whole.length)}`;
}
