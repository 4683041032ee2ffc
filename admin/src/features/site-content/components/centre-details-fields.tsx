import { type CentreDetailsForm, type EnglishCentreValues, socialLabels, socialNetworks } from '@cfp/shared';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import type { WithEnglish } from '../api/site-content-key.ts';
import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundTextField, type ContentFormApi } from './content-fields.tsx';
import { fieldLabel, type MissingDetails } from './missing-note.tsx';

/** The centre's details as the form holds them, with the words of content/en/centre.yaml beside the French ones. */
export type CentreValues = WithEnglish<CentreDetailsForm, EnglishCentreValues>;

export interface CentreFieldsProps {
  form: ContentFormApi<CentreValues>;
  missing: MissingDetails;
}

interface CentreTextProps extends CentreFieldsProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> {
  name: Path<CentreValues>;
  label: string;
  hint?: ReactNode;
}

/** A text field of the centre's details, marked while the centre has not given it; an English one is marked EN. */
export function CentreText({ form, missing, name, label, hint, ...input }: CentreTextProps) {
  const detail = missing.get(name);
  const english = name.startsWith('english.');
  return (
    <BoundTextField
      form={form}
      name={name}
      label={fieldLabel(label, detail, english ? englishLabel : undefined)}
      hint={hint}
      {...input}
      lang={english ? 'en' : input.lang}
    />
  );
}

/** A French word of the centre and its English twin (`english.<name>`), side by side. */
function CentreWords({
  name,
  englishHint,
  ...props
}: CentreTextProps & { name: 'tagline' | 'country' | 'callbackDelay' | 'approvalAuthority'; englishHint: string }) {
  return (
    <Bilingual
      french={<CentreText {...props} name={name} lang="fr" />}
      english={<CentreText {...props} name={`english.${name}`} hint={englishHint} />}
    />
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="content-group">
      <legend>{legend}</legend>
      {hint && <p className="content-group__hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

export function IdentityFields(props: CentreFieldsProps) {
  return (
    <Group legend="Identity">
      <CentreText {...props} name="name" label="The centre’s name" hint="In full, as on the approval." maxLength={120} />
      <CentreText
        {...props}
        name="shortName"
        label="Short name"
        hint="Used where space is short, e.g. an acronym."
        maxLength={60}
      />
      <LanguageHeadings />
      <CentreWords
        {...props}
        name="tagline"
        label="Tagline"
        hint="The sentence under the name, in French: e.g. Des métiers concrets, des diplômes reconnus."
        englishHint="The same sentence on the English pages: e.g. Practical trades, recognised diplomas."
        maxLength={200}
      />
    </Group>
  );
}

export function MessagingFields(props: CentreFieldsProps) {
  return (
    <Group legend="WhatsApp and email">
      <CentreText
        {...props}
        name="whatsapp"
        label="WhatsApp number"
        hint="The number people write to on WhatsApp, typed as you would dial it, e.g. 6 99 00 00 00."
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={40}
      />
      <CentreText
        {...props}
        name="email"
        label="Email address"
        hint="The centre’s address for visitors, e.g. contact@example.cm."
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
      />
    </Group>
  );
}

export function AddressFields(props: CentreFieldsProps) {
  return (
    <Group legend="Address">
      <CentreText
        {...props}
        name="street"
        label="Street or landmark"
        hint="In French, e.g. face à la pharmacie du carrefour."
        maxLength={200}
      />
      <div className="field-row">
        <CentreText {...props} name="district" label="District" hint="e.g. Nkoabang" maxLength={80} />
        <CentreText {...props} name="city" label="City" hint="e.g. Yaoundé" maxLength={80} />
      </div>
      <CentreWords
        {...props}
        name="country"
        label="Country"
        hint="In French: e.g. Cameroun."
        englishHint="e.g. Cameroon."
        maxLength={80}
      />
      <CentreText
        {...props}
        name="mapUrl"
        label="Map link"
        hint="The centre on Google Maps: “Share”, then “Copy link”; it starts with https://."
        type="url"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={200}
      />
    </Group>
  );
}

export function PreEnrolmentFields(props: CentreFieldsProps) {
  return (
    <Group legend="Pre-enrolment">
      <CentreWords
        {...props}
        name="callbackDelay"
        label="When the centre calls back"
        hint="As the site says it, in French: e.g. sous deux jours ouvrables (“Le centre vous appelle sous deux jours ouvrables”)."
        englishHint="As the English pages say it: e.g. within two working days (“The centre calls you within two working days”)."
        maxLength={80}
      />
    </Group>
  );
}

export function ApprovalFields(props: CentreFieldsProps) {
  return (
    <Group legend="Approval">
      <CentreWords
        {...props}
        name="approvalAuthority"
        label="Approving authority"
        hint="In French, e.g. Ministère de l’Emploi et de la Formation Professionnelle (MINEFOP)."
        englishHint="Its official English name, e.g. Ministry of Employment and Vocational Training (MINEFOP)."
        maxLength={200}
      />
      <div className="field-row">
        <CentreText {...props} name="approvalNumber" label="Approval number" hint="As on the certificate." maxLength={80} />
        <CentreText
          {...props}
          name="approvalValidUntil"
          label="Valid until"
          hint="The last day of validity, as on the certificate: the site writes it in each language (31 décembre 2027, 31 December 2027)."
          type="date"
        />
      </div>
    </Group>
  );
}

/** What the legal notice and the privacy notice name; each stays unsaid on the site while it is empty. */
export function LegalFields(props: CentreFieldsProps) {
  return (
    <Group
      legend="Legal notice and personal data"
      hint="Named by the site’s legal notice and its page on personal data, in French on both sites."
    >
      <CentreText
        {...props}
        name="legalPublicationDirector"
        label="Director of publication"
        hint="Who answers for what the site publishes, with their position, e.g. Mme Awa Ngono, directrice."
        maxLength={120}
      />
      <CentreText
        {...props}
        name="legalHost"
        label="Host of the site"
        hint="The company that hosts the site, with its address."
        maxLength={300}
      />
      <CentreText
        {...props}
        name="legalDataProtectionLaw"
        label="Data protection law"
        hint="The law the centre follows for personal data, as the centre confirms it, e.g. loi n° 2024/017 du 23 décembre 2024 relative à la protection des données à caractère personnel."
        maxLength={300}
        lang="fr"
      />
    </Group>
  );
}

export function SocialFields(props: CentreFieldsProps) {
  return (
    <Group
      legend="Social networks"
      hint="The full address of each page, starting with https://. Leave a network empty when the centre has no account there."
    >
      <div className="field-row">
        {socialNetworks.map((network) => (
          <CentreText
            key={network}
            {...props}
            name={`social.${network}`}
            label={socialLabels[network]}
            hint={`e.g. https://www.${network === 'twitter' ? 'x' : network}.com/…`}
            type="url"
            inputMode="url"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={200}
          />
        ))}
      </div>
    </Group>
  );
}
