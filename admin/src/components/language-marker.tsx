import { type Locale, staffLanguageLabels } from '@cfp/shared';

/**
 * "EN" or "FR": the language of the site page a visitor wrote from, the one to answer them in.
 * Screen readers hear the language's name.
 */
export function LanguageMarker({ language }: { language: Locale }) {
  const name = staffLanguageLabels[language];
  return (
    <span className={`badge badge--language badge--language-${language}`} title={`Sent in ${name}`}>
      <span aria-hidden="true">{language.toUpperCase()}</span>
      <span className="visually-hidden">{name}</span>
    </span>
  );
}
