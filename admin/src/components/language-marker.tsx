import { type Locale, staffLanguageLabels } from '@cfp/shared';

/**
 * "EN" or "FR": the language of the site page a visitor wrote from, the one to answer them in,
 * or what `label` says of that language (a post's English version). Screen readers hear the
 * language's name, or the label.
 */
export function LanguageMarker({ language, label }: { language: Locale; label?: string }) {
  const name = staffLanguageLabels[language];
  return (
    <span className={`badge badge--language badge--language-${language}`} title={label ?? `Sent in ${name}`}>
      <span aria-hidden="true">{language.toUpperCase()}</span>
      <span className="visually-hidden">{label ?? name}</span>
    </span>
  );
}
