import { getCollection, getEntry } from 'astro:content';
import { type ContactDetails, contactDetails, isKnown } from '@cfp/content';

export async function getCentre() {
  const entry = await getEntry('centre', 'centre');
  if (!entry) throw new Error('content/centre.yaml is missing');
  return entry.data;
}

export async function getDepartements() {
  return (await getCollection('departements')).sort((a, b) => a.data.order - b.data.order);
}

export async function getFormations() {
  return (await getCollection('formations')).sort(
    (a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'fr'),
  );
}

/** The centre's details as the pages print them, placeholders left out (@cfp/content). */
export async function getContact(): Promise<ContactDetails> {
  return contactDetails(await getCentre());
}

export type Contact = ContactDetails;

/** The approval sentence printed in the footer and on programme pages. */
export function approvalLine({ approval }: Contact): string {
  let line = `Centre agréé par le ${approval.authority}`;
  if (approval.number) line += `, agrément n° ${approval.number}`;
  if (approval.validUntil) line += `, valable jusqu’au ${approval.validUntil}`;
  return `${line}.`;
}

/**
 * The centre as schema.org describes it, for the home page's JSON-LD and as the provider of
 * every course. Only known values: placeholders are left out, like everywhere else.
 */
export async function organisationData(site: URL) {
  const centre = await getCentre();
  const contact = contactDetails(centre);
  const { street, district, city, country } = centre.address;
  return {
    '@type': 'EducationalOrganization',
    '@id': new URL('/#centre', site).href,
    name: contact.name,
    url: new URL('/', site).href,
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
