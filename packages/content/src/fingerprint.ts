import { createHash } from 'node:crypto';
import { fieldsOf, type TwinKind, translatableTexts } from './translations.ts';

/**
 * Which French texts an English text translates: `translationOf`, the fingerprint of its French
 * twin's texts when it was translated. Only texts count, so a fee, an intake or `confirmed`
 * changed in the French file leaves the English current; a changed sentence makes it outdated.
 * A fingerprint, not a date: the content folder need not be a git checkout, and the same texts
 * always give the same value.
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
  return JSON.stringify(value) ?? 'null';
}

/** The first 12 hexadecimal characters of the SHA-256 of a French text's translatable texts and body. */
export function translationFingerprint(kind: TwinKind, data: unknown, body = ''): string {
  const texts = canonical({ texts: translatableTexts(kind, data), body: body.replace(/\r\n/g, '\n').trim() });
  return createHash('sha256').update(texts).digest('hex').slice(0, 12);
}

/** faq.yaml is a list, with no field to hold it: its fingerprint is a comment line. */
const faqStampLine = /^# translationOf:[ \t]*(.*?)[ \t]*$/m;
/** A markdown text's stamp: a line of its front matter (not indented). */
const frontMatterStampLine = /^translationOf:.*$/m;

/** The fingerprint an English text was stamped with, as written (the schema checks its form); undefined when there is none. */
export function translationOfIn(kind: TwinKind, text: string, data: unknown): unknown {
  return kind === 'faq' ? faqStampLine.exec(text)?.[1] : fieldsOf(data).translationOf;
}

/**
 * The English text stamped with a fingerprint, every other byte unchanged: its `translationOf`
 * line rewritten, or added as the first line of its front matter (of faq.yaml, as a comment).
 * A text without front matter is returned as it is.
 */
export function withTranslationOf(kind: TwinKind, text: string, fingerprint: string): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  if (kind === 'faq') {
    const line = `# translationOf: ${fingerprint}`;
    return faqStampLine.test(text) ? text.replace(faqStampLine, line) : `${line}${newline}${text}`;
  }
  const frontMatter = /^(---\r?\n)([\s\S]*?\r?\n)(---(?:\r?\n|$))/.exec(text);
  if (!frontMatter) return text;
  const [whole, open = '', yaml = '', close = ''] = frontMatter;
  const line = `translationOf: "${fingerprint}"`;
  const stamped = frontMatterStampLine.test(yaml) ? yaml.replace(frontMatterStampLine, line) : `${line}${newline}${yaml}`;
  return `${open}${stamped}${close}${text.slice(whole.length)}`;
}
