import type { ProgrammeTextsToTranslate } from '@cfp/shared';
import type { ReactNode } from 'react';
import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundTextarea, BoundTextField, type ContentFormApi } from './content-fields.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { Group } from './programme-facts-fields.tsx';
import { TextListField } from './text-list-field.tsx';

/** One of the page's four highlights, its title and its text, in one language. */
export function HighlightInputs({
  form,
  index,
  language,
}: {
  form: ContentFormApi<ProgrammeValues>;
  index: number;
  language: 'fr' | 'en';
}) {
  const name = `${language === 'en' ? 'english.' : ''}highlights.${index}` as const;
  const label = (what: string) => (language === 'en' ? englishLabel(what) : what);
  return (
    <>
      <BoundTextField
        form={form}
        name={`${name}.title`}
        label={label(`Highlight ${index + 1}: title`)}
        maxLength={120}
        lang={language}
      />
      <BoundTextarea
        form={form}
        name={`${name}.text`}
        label={label(`Highlight ${index + 1}: text`)}
        maxLength={600}
        rows={3}
        lang={language}
      />
    </>
  );
}

/** A French text the form does not edit, shown to be translated beside its English field. */
function FrenchText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="to-translate">
      <span className="to-translate__label">{label}</span>
      <div lang="fr">{children}</div>
    </div>
  );
}

const list = (items: string[]) => (
  <ol>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ol>
);

interface NewEnglishProps {
  form: ContentFormApi<ProgrammeValues>;
  toTranslate: ProgrammeTextsToTranslate;
  /** The French page's address: /formation/soudure. */
  frenchPath: string;
}

/**
 * What an English text needs beyond the form's other English fields, written once when it is
 * created: its address (stable once published, never offered again) and the texts of the page
 * that only developers change afterwards.
 */
export function NewEnglishTextFields({ form, toTranslate, frenchPath }: NewEnglishProps) {
  return (
    <Group
      legend="The English page to write"
      hint="This programme has no English text yet. Give its address and these texts with the English fields of the form; they are saved together, and later changed in git."
      field="english.slug"
    >
      <LanguageHeadings />
      <Bilingual
        french={<FrenchText label="Address of the French page">{frenchPath}</FrenchText>}
        english={
          <BoundTextField
            form={form}
            name="english.slug"
            label={englishLabel('Address of the English page')}
            hint="/en/programmes/ then lower-case words joined by hyphens, e.g. welding. It cannot be changed once published."
            maxLength={100}
            autoCapitalize="off"
            spellCheck={false}
            lang="en"
          />
        }
      />
      <Bilingual
        french={<FrenchText label="Title">{toTranslate.title}</FrenchText>}
        english={<BoundTextField form={form} name="english.title" label={englishLabel('Title')} maxLength={100} lang="en" />}
      />
      <Bilingual
        french={<FrenchText label="Heading">{toTranslate.heroTitle}</FrenchText>}
        english={
          <BoundTextField form={form} name="english.heroTitle" label={englishLabel('Heading')} maxLength={160} lang="en" />
        }
      />
      <Bilingual
        french={<FrenchText label="Under the heading">{toTranslate.heroSubtitle}</FrenchText>}
        english={
          <BoundTextarea
            form={form}
            name="english.heroSubtitle"
            label={englishLabel('Under the heading')}
            maxLength={300}
            rows={3}
            lang="en"
          />
        }
      />
      <Bilingual
        french={<FrenchText label="Entry requirements">{list(toTranslate.admission)}</FrenchText>}
        english={
          <TextListField
            form={form}
            name="english.admission"
            legend={englishLabel('Entry requirements')}
            itemLabel={(index) => `Entry requirement ${index + 1} (English)`}
            min={2}
            max={5}
            addLabel="Add an entry requirement in English"
            maxLength={300}
            lang="en"
          />
        }
      />
      {toTranslate.highlights.map((highlight, index) => (
        <Bilingual
          key={highlight.title}
          french={
            <FrenchText label={`Highlight ${index + 1}`}>
              <strong>{highlight.title}</strong> {highlight.text}
            </FrenchText>
          }
          english={<HighlightInputs form={form} index={index} language="en" />}
        />
      ))}
      <Bilingual
        french={<FrenchText label="Trades, as students search for them">{list(toTranslate.trades)}</FrenchText>}
        english={
          <TextListField
            form={form}
            name="english.trades"
            legend={englishLabel('Trades')}
            hint="The job names an English speaker types in the programme finder, e.g. welder."
            itemLabel={(index) => `Trade ${index + 1} (English)`}
            min={1}
            max={12}
            addLabel="Add a trade in English"
            maxLength={60}
            lang="en"
          />
        }
      />
    </Group>
  );
}
