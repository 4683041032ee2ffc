import {
  type ContentProblem,
  formatDays,
  formatLongCalendarDay,
  formatPhone,
  formatTimeRange,
  normalisePhone,
} from '@cfp/shared';
import { type Centre, type EnglishCentre, placeholderPattern } from './schemas.ts';

export const centreFile = 'content/centre.yaml';
export const englishCentreFile = 'content/en/centre.yaml';

/** True for a value the centre has given: not empty, not an `[À COMPLÉTER: ...]` marker. */
export const isKnown = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && !placeholderPattern.test(value.trim());

const isHttpUrl = (value: string | undefined): value is string => isKnown(value) && /^https?:\/\//.test(value);
const digits = (value: string) => value.replace(/\D/g, '');
/** A number without its own display shows as Cameroonians write it: "6 99 00 00 00", not "+237699000000". */
const asWritten = (number: string) => {
  const e164 = normalisePhone(number);
  return e164 ? formatPhone(e164) : number;
};

export interface ContactLink {
  label: string;
  display: string;
  href: string;
}

const fallbacks = {
  fr: {
    name: 'Centre de formation professionnelle',
    phone: 'Téléphone',
    authority: 'Ministère de l’Emploi et de la Formation Professionnelle (MINEFOP)',
  },
  en: {
    name: 'Vocational Training Centre',
    phone: 'Phone',
    authority: 'Ministry of Employment and Vocational Training (MINEFOP)',
  },
};

const socialLabels = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
} as const;

/** centre.yaml with its words in English (content/en/centre.yaml) in place of the French ones. */
function inEnglish(centre: Centre, english: EnglishCentre): Centre {
  return {
    ...centre,
    tagline: english.tagline,
    address: { ...centre.address, country: english.country },
    phones: centre.phones.map((phone, index) => ({ ...phone, label: english.phones[index]?.label ?? phone.label })),
    callbackDelay: english.callbackDelay,
    approval: { ...centre.approval, authority: english.approvalAuthority },
  };
}

/**
 * The centre's details as the pages print them: every placeholder is dropped here, so no page
 * ever shows "[À COMPLÉTER" or links to a tel:, wa.me or https: target that is not real. With
 * the English words (content/en/centre.yaml), the details of the English pages: the directives
 * they write are English too.
 */
export function contactDetails(frenchCentre: Centre, english?: EnglishCentre) {
  const locale: 'fr' | 'en' = english ? 'en' : 'fr';
  const centre = english ? inEnglish(frenchCentre, english) : frenchCentre;
  const fallback = fallbacks[locale];
  const name = isKnown(centre.name) ? centre.name : fallback.name;
  const shortName = isKnown(centre.shortName) ? centre.shortName : name;

  const phones: ContactLink[] = centre.phones
    .filter((phone) => isKnown(phone.number) && digits(phone.number).length >= 6)
    .map((phone) => ({
      label: isKnown(phone.label) ? phone.label : fallback.phone,
      display: isKnown(phone.display) ? phone.display : asWritten(phone.number),
      href: `tel:${phone.number.replace(/[^\d+]/g, '')}`,
    }));

  const whatsappDigits = isKnown(centre.whatsapp.number) ? digits(centre.whatsapp.number) : '';
  const whatsapp =
    whatsappDigits.length >= 8
      ? {
          display: isKnown(centre.whatsapp.display) ? centre.whatsapp.display : asWritten(centre.whatsapp.number),
          href: (message?: string) => `https://wa.me/${whatsappDigits}${message ? `?text=${encodeURIComponent(message)}` : ''}`,
        }
      : undefined;

  const email = isKnown(centre.email) ? { display: centre.email, href: `mailto:${centre.email}` } : undefined;
  const mapUrl = isHttpUrl(centre.mapUrl) ? centre.mapUrl : undefined;
  const { street, district, city, country } = centre.address;
  const addressLines = [street, [district, city].filter(isKnown).join(', '), country].filter(isKnown);

  const social = (Object.keys(socialLabels) as Array<keyof typeof socialLabels>).flatMap((network) => {
    const href = centre.social[network];
    return isHttpUrl(href) ? [{ label: socialLabels[network], href }] : [];
  });

  const { authority, number, validUntil } = centre.approval;
  const { publicationDirector, host, dataProtectionLaw } = centre.legal;
  const known = (value: string) => (isKnown(value) ? value : undefined);
  /** 'fr' for the centre's own words on an English page, once given (a fallback is in the page's language). */
  const frenchOnEnglish = (value: string) => (english && isKnown(value) ? ('fr' as const) : undefined);
  return {
    /** The language of the pages these details are printed on, and of the directives they write. */
    locale,
    name,
    shortName,
    tagline: isKnown(centre.tagline) ? centre.tagline : undefined,
    phones,
    whatsapp,
    email,
    mapUrl,
    addressLines,
    /** Street (when known), district and city: what a directive or a sentence says. */
    addressText: [street, district, city].filter(isKnown).join(', '),
    /** "sous deux jours ouvrables": when the centre calls back after a pre-enrolment. */
    callbackDelay: isKnown(centre.callbackDelay) ? centre.callbackDelay : undefined,
    /** Line by line, said in the details' language from the one value of centre.yaml. */
    openingHours: Array.isArray(centre.openingHours)
      ? centre.openingHours.map((slot) => ({
          days: formatDays(slot.days, locale),
          hours: formatTimeRange(slot.from, slot.to, locale),
        }))
      : [],
    social,
    approval: {
      authority: isKnown(authority) ? authority : fallback.authority,
      number: isKnown(number) ? number : undefined,
      /** "31 décembre 2028" / "31 December 2028". */
      validUntil: isKnown(validUntil) ? formatLongCalendarDay(validUntil, locale) : undefined,
    },
    /**
     * The language of the centre's own words that the pages print as centre.yaml gives them, in
     * French, with no English twin (decision 0033): its name, short name and street, the legal
     * notice's names. 'fr' on an English page, which marks them `lang="fr"`; undefined on a French one.
     */
    langOf: {
      name: frenchOnEnglish(centre.name),
      shortName: frenchOnEnglish(isKnown(centre.shortName) ? centre.shortName : centre.name),
      street: frenchOnEnglish(street),
      legal: english ? ('fr' as const) : undefined,
    },
    /** What the legal notice and the privacy notice name, as centre.yaml gives them (in French: they are names and a law). */
    legal: {
      publicationDirector: known(publicationDirector),
      host: known(host),
      dataProtectionLaw: known(dataProtectionLaw),
    },
  };
}

export type ContactDetails = ReturnType<typeof contactDetails>;

/** The details the site can go live without, and what to do when the centre has none. */
const optionalFields: Array<[RegExp, string]> = [
  [/^phones\[[1-9]\d*\]\./, 'supprimez l’entrée si le centre n’a qu’un numéro'],
  [/^whatsapp\./, 'sans lui, les pages proposent le formulaire de contact'],
  [/^mapUrl$/, 'sans lui, les pages donnent l’adresse sans plan'],
  [/^social\./, 'supprimez la ligne si le centre n’a pas ce compte'],
];

function placeholders(value: unknown, path: string): Array<{ field: string; hint: string }> {
  if (typeof value === 'string') {
    const match = /^\[À COMPLÉTER: (.+)\]$/.exec(value.trim());
    return match ? [{ field: path, hint: match[1] ?? '' }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholders(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => placeholders(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/** Every detail of centre.yaml still marked `[À COMPLÉTER: ...]`, with what it is and whether the site needs it. */
export function missingDetails(centre: Centre | EnglishCentre, file = centreFile): ContentProblem[] {
  return placeholders(centre, '').map(({ field, hint }) => {
    const advice = optionalFields.find(([pattern]) => pattern.test(field))?.[1];
    const what = hint.charAt(0).toUpperCase() + hint.slice(1);
    return {
      kind: 'missing',
      file,
      field,
      message: advice ? `${what} (facultatif : ${advice}).` : `${what}.`,
      ...(advice && { optional: true }),
    };
  });
}
