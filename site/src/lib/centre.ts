import { type CollectionEntry, getCollection, getEntry } from 'astro:content';
import { type Centre, type ContactDetails, contactDetails, documentsIn, isKnown } from '@cfp/content';
import { type Locale, localized } from '../i18n/locale.ts';
import { pagePath, type Slugs } from '../i18n/routes.ts';
import { type EnglishLag, englishLag } from './english-lag.ts';

export async function getCentre() {
  const entry = await getEntry('centre', 'centre');
  if (!entry) throw new Error('content/centre.yaml is missing');
  return entry.data;
}

/**
 * A programme or a department as a page in one language shows it: its texts in that language,
 * its facts (from the French file, where they are written once) and its slug in each language.
 * `id` is the French slug, the entry's identity everywhere (forms, API, images).
 */
type Localized<C extends 'formations' | 'departements'> = CollectionEntry<C> & Slugs;
export type Programme = Localized<'formations'> & {
  /** The trades in the other language: the finder knows both (a student in Yaoundé may type « soudeur » or "welder"). */
  otherTrades: string[];
  /** The enrolment documents in the page's language, or in French (`lang: 'fr'`) while the English twin has none. */
  documents: ReturnType<typeof documentsIn>;
  /** On an English page, set when the French texts changed since the English was stamped. */
  englishLag?: EnglishLag;
};
export type Departement = Localized<'departements'> & { englishLag?: EnglishLag };

/** An English text without what is not a text of the page (its slug, its fingerprint). */
function textsOf<T extends { slug?: string; translationOf?: string }>(english: T): Omit<T, 'slug' | 'translationOf'> {
  const { slug: _slug, translationOf: _translationOf, ...texts } = english;
  return texts;
}

async function englishTwin<C extends 'formationsEn' | 'departementsEn'>(collection: C, id: string) {
  const twin = await getEntry(collection, id);
  if (!twin) throw new Error(`content/en/${collection === 'formationsEn' ? 'formations' : 'departements'}/${id}.md is missing`);
  return twin;
}

export async function getDepartements(locale: Locale = 'fr'): Promise<Departement[]> {
  const departements = (await getCollection('departements')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(
    departements.map(async (departement) => {
      const english = await englishTwin('departementsEn', departement.id);
      const slugs = { fr: departement.id, en: english.data.slug };
      if (locale === 'fr') return { ...departement, slugs };
      const careers = departement.data.careers.map((career, index) => ({ ...career, ...english.data.careers[index] }));
      const data = { ...departement.data, ...textsOf(english.data), careers };
      const lag = await englishLag('departement', `departements/${departement.id}.md`, departement, english.data.translationOf);
      return { ...departement, slugs, data, body: english.body, rendered: english.rendered, englishLag: lag };
    }),
  );
}

/** The programmes on the site, in their order, as the pages of one language show them. */
export async function getFormations(locale: Locale = 'fr'): Promise<Programme[]> {
  return (await everyProgramme(locale)).filter((programme) => programme.data.retired !== true);
}

/** The programmes taken off the site (`retired: true`): their addresses lead to their department's page. */
export async function getRetiredFormations(locale: Locale = 'fr'): Promise<Programme[]> {
  return (await everyProgramme(locale)).filter((programme) => programme.data.retired === true);
}

async function everyProgramme(locale: Locale): Promise<Programme[]> {
  const formations = (await getCollection('formations')).sort(
    (a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'fr'),
  );
  return Promise.all(
    formations.map(async (formation) => {
      const english = await englishTwin('formationsEn', formation.id);
      const slugs = { fr: formation.id, en: english.data.slug };
      const documents = documentsIn(locale, formation.data.enrolmentDocuments, english.data.enrolmentDocuments);
      if (locale === 'fr') return { ...formation, slugs, otherTrades: english.data.trades, documents };
      const { diploma, enrolmentDocuments: _documents, ...texts } = textsOf(english.data);
      const data = { ...formation.data, ...texts, diploma: { ...formation.data.diploma, ...diploma } };
      const programme = { ...formation, slugs, data, body: english.body, rendered: english.rendered };
      const lag = await englishLag('programme', `formations/${formation.id}.md`, formation, english.data.translationOf);
      return { ...programme, otherTrades: formation.data.trades, documents, englishLag: lag };
    }),
  );
}

/** How far an English page of content/en/pages/ (`accueil`, `a-propos`, `faq`) lags its French one; undefined in French or when current. */
export async function pageLag(locale: Locale, name: string): Promise<EnglishLag | undefined> {
  if (locale === 'fr') return undefined;
  const [french, english] = await Promise.all([getEntry('pages', name), getEntry('pagesEn', name)]);
  if (!french || !english) return undefined;
  return englishLag('page', `pages/${name}.md`, french, english.data.translationOf);
}

/** How far the English FAQ's questions (content/en/faq.yaml) lag the French ones; undefined in French or when current. */
export async function faqLag(locale: Locale): Promise<EnglishLag | undefined> {
  if (locale === 'fr') return undefined;
  const [french, english] = await Promise.all([getCollection('faq'), getCollection('faqEn')]);
  const questions = french
    .toSorted((a, b) => Number(a.id) - Number(b.id))
    .map(({ data: { question, answer } }) => ({ question, answer }));
  return englishLag('faq', 'faq.yaml', { data: questions }, english[0]?.data.translationOf);
}

/** The centre's details as the pages of one language print them, placeholders left out (@cfp/content). */
export async function getContact(locale: Locale = 'fr'): Promise<ContactDetails> {
  return contactIn(locale, await getCentre());
}

async function contactIn(locale: Locale, centre: Centre): Promise<ContactDetails> {
  if (locale === 'fr') return contactDetails(centre);
  const english = await getEntry('centreEn', 'centre');
  if (!english) throw new Error('content/en/centre.yaml is missing');
  return contactDetails(centre, english.data);
}

export type Contact = ContactDetails;

/**
 * The approval sentence, in the details' language, in two parts: who approved the centre (and
 * the approval's number), then until when (", valid until 31 December 2028"), which the footer
 * leaves out on a phone.
 */
export function approvalParts({ approval, locale }: Contact): { statement: string; validity: string } {
  const words = localized(locale, {
    fr: { approved: 'Centre agréé par le', number: 'agrément n°', until: 'valable jusqu’au' },
    en: { approved: 'Approved by the', number: 'approval no.', until: 'valid until' },
  });
  const statement = `${words.approved} ${approval.authority}${approval.number ? `, ${words.number} ${approval.number}` : ''}`;
  return { statement, validity: approval.validUntil ? `, ${words.until} ${approval.validUntil}` : '' };
}

/** The approval sentence printed on programme pages, the About and Contact pages. */
export function approvalLine(contact: Contact): string {
  const { statement, validity } = approvalParts(contact);
  return `${statement}${validity}.`;
}

/**
 * The centre as schema.org describes it, for the home page's JSON-LD and as the provider of
 * every course. Only known values: placeholders are left out, like everywhere else.
 */
export async function organisationData(site: URL, locale: Locale = 'fr') {
  const centre = await getCentre();
  const contact = await contactIn(locale, centre);
  const { street, district, city, country } = centre.address;
  return {
    '@type': 'EducationalOrganization',
    // One centre, whichever language describes it.
    '@id': new URL('/#centre', site).href,
    name: contact.name,
    url: new URL(pagePath(locale, 'home'), site).href,
    logo: new URL('/favicon.svg', site).href,
    ...(contact.tagline && { slogan: contact.tagline }),
    address: {
      '@type': 'PostalAddress',
      ...(isKnown(street) && { streetAddress: street }),
      addressLocality: [district, city].filter(isKnown).join(', '),
      addressRegion: 'Centre',
      addressCountry: country === 'Cameroun' ? 'CM' : country,
    },
    ...(contact.phones[0] && { telephone: contact.phones[0].href.replace(/^tel:/, '') }),
    ...(contact.email && { email: contact.email.display }),
    ...(contact.social.length > 0 && { sameAs: contact.social.map((link) => link.href) }),
  };
}
