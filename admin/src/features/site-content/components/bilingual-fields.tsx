import type { TranslationStatus } from '@cfp/shared';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { BoundCheckbox, type ContentFormApi } from './content-fields.tsx';

/**
 * The English texts beside the French ones (docs/decisions/0025): on a wide screen two columns,
 * French then English; on a phone each English field right under its French twin. Each English
 * field is marked EN and named "… (English)" for screen readers; its control says `lang="en"`,
 * the French one `lang="fr"`.
 */

/** An English field's label: its name, marked EN, read "Summary (English)". */
export function englishLabel(label: ReactNode): ReactNode {
  return (
    <>
      {label}{' '}
      <span className="badge badge--language badge--language-en">
        <span aria-hidden="true">EN</span>
        <span className="visually-hidden">(English)</span>
      </span>
    </>
  );
}

/** The two columns' headings, once above a group's pairs; on a phone the EN marks say it. */
export function LanguageHeadings() {
  return (
    <div className="bilingual bilingual--headings" aria-hidden="true">
      <p className="bilingual__heading">French (the site’s first language)</p>
      <p className="bilingual__heading">English</p>
    </div>
  );
}

/** A French text and its English twin. */
export function Bilingual({ french, english }: { french: ReactNode; english: ReactNode }) {
  return (
    <div className="bilingual">
      <div className="bilingual__side">{french}</div>
      <div className="bilingual__side bilingual__side--en">{english}</div>
    </div>
  );
}

const statusWords: Record<TranslationStatus, { badge: string; kind: string; line: string }> = {
  current: { badge: 'Up to date', kind: 'confirmed', line: 'The English says what the French says now.' },
  outdated: {
    badge: 'Older than the French',
    kind: 'pending',
    line: 'A French text changed after the English was last marked up to date: the English page still says the older one.',
  },
  unstamped: {
    badge: 'Never marked up to date',
    kind: 'pending',
    line: 'Nobody has said yet that the English says what the French says.',
  },
  missing: {
    badge: 'No English text',
    kind: 'pending',
    line: 'Fill in the English fields to write it. Left blank, the French is saved alone.',
  },
};

interface EnglishStatusProps<Values extends FieldValues> {
  form: ContentFormApi<Values>;
  status: TranslationStatus;
  /** The English page on the site, when there is one. */
  pageUrl?: string | undefined;
}

/**
 * Whether the English says what the French says now, in one line, with "The English says the
 * same as the French" to tick when it is not current.
 */
export function EnglishStatus<Values extends FieldValues>({ form, status, pageUrl }: EnglishStatusProps<Values>) {
  const words = statusWords[status];
  const canTick = status === 'outdated' || status === 'unstamped';
  return (
    <fieldset className="content-group english-status">
      <legend>English version</legend>
      <p className="english-status__line">
        <span className={`badge badge--${words.kind}`}>{words.badge}</span> {words.line}
        {pageUrl && (
          <>
            {' '}
            <a href={pageUrl}>View the English page</a>
          </>
        )}
      </p>
      {canTick && (
        <BoundCheckbox
          form={form}
          name={'englishUpToDate' as Path<Values>}
          label="The English says the same as the French"
          hint="Tick once you have read each English text against its French one: the English page is then no longer listed as to update."
        />
      )}
      {status !== 'missing' && (
        <p className="english-status__note">Saving a change to an English text marks the English up to date too.</p>
      )}
    </fieldset>
  );
}
