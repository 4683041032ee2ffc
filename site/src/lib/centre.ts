import { getCollection, getEntry } from 'astro:content';

export async function getCentre() {
  const entry = await getEntry('centre', 'centre');
  if (!entry) throw new Error('content/centre.yaml is missing');
  return entry.data;
}

/** True for a value the centre has not given yet (`[À COMPLÉTER: ...]`). */
export function isPlaceholder(value: string): boolean {
  return value.startsWith('[À COMPLÉTER');
}

export async function getDepartements() {
  return (await getCollection('departements')).sort((a, b) => a.data.order - b.data.order);
}

export async function getFormations() {
  return (await getCollection('formations')).sort(
    (a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'fr'),
  );
}

const genericName = 'Centre de formation professionnelle';

const known = (value: string | undefined): value is string => value !== undefined && value.trim() !== '' && !isPlaceholder(value);
const httpsUrl = (value: string) => known(value) && /^https?:\/\//.test(value);

export interface ContactLink {
  label: string;
  display: string;
  href: string;
}

/**
 * The centre's details as the pages print them: every placeholder is dropped here, so no
 * page ever shows "[À COMPLÉTER" or links to a tel:, wa.me or https: target that is not real.
 */
export async function getContact() {
  const centre = await getCentre();
  const name = known(centre.name) ? centre.name : genericName;
  const shortName = known(centre.shortName) ? centre.shortName : known(centre.name) ? centre.name : genericName;

  const phones: ContactLink[] = centre.phones
    .filter((phone) => known(phone.number) && /\d{6,}/.test(phone.number.replace(/\D/g, '')))
    .map((phone) => ({
      label: known(phone.label) ? phone.label : 'Téléphone',
      display: known(phone.display) ? phone.display : phone.number,
      href: `tel:${phone.number.replace(/[^\d+]/g, '')}`,
    }));

  const whatsappDigits = known(centre.whatsapp.number) ? centre.whatsapp.number.replace(/\D/g, '') : '';
  const whatsapp =
    whatsappDigits.length >= 8
      ? {
          display: known(centre.whatsapp.display) ? centre.whatsapp.display : centre.whatsapp.number,
          href: (message?: string) => `https://wa.me/${whatsappDigits}${message ? `?text=${encodeURIComponent(message)}` : ''}`,
        }
      : undefined;

  const email = known(centre.email) ? { display: centre.email, href: `mailto:${centre.email}` } : undefined;
  const mapUrl = httpsUrl(centre.mapUrl) ? centre.mapUrl : undefined;
  const { street, district, city, country } = centre.address;
  const addressLines = [street, [district, city].filter(known).join(', '), country].filter(known);

  const socialLabels = {
    facebook: 'Facebook',
    twitter: 'X (Twitter)',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
    tiktok: 'TikTok',
    instagram: 'Instagram',
  } as const;
  const social = (Object.keys(socialLabels) as Array<keyof typeof socialLabels>)
    .filter((network) => httpsUrl(centre.social[network]))
    .map((network) => ({ label: socialLabels[network], href: centre.social[network] }));

  const { authority, number, validUntil } = centre.approval;
  const approval = {
    authority: known(authority) ? authority : "Ministère de l'Emploi et de la Formation Professionnelle (MINEFOP)",
    number: known(number) ? number : undefined,
    validUntil: known(validUntil) ? validUntil : undefined,
  };

  return {
    name,
    shortName,
    tagline: known(centre.tagline) ? centre.tagline : undefined,
    phones,
    whatsapp,
    email,
    mapUrl,
    addressLines,
    openingHours: centre.openingHours.filter((slot) => known(slot.days) && known(slot.hours)),
    social,
    approval,
  };
}

export type Contact = Awaited<ReturnType<typeof getContact>>;

/** The approval sentence printed in the footer and on programme pages. */
export function approvalLine({ approval }: Contact): string {
  let line = `Centre agréé par le ${approval.authority}`;
  if (approval.number) line += `, agrément n° ${approval.number}`;
  if (approval.validUntil) line += `, valable jusqu'au ${approval.validUntil}`;
  return `${line}.`;
}

/**
 * The centre as schema.org describes it, for the home page's JSON-LD and as the provider of
 * every course. Only known values: placeholders are left out, like everywhere else.
 */
export async function organisationData(site: URL) {
  const [centre, contact] = await Promise.all([getCentre(), getContact()]);
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
      ...(known(street) && { streetAddress: street }),
      addressLocality: [district, city].filter(known).join(', '),
      addressRegion: 'Centre',
      addressCountry: country === 'Cameroun' ? 'CM' : country,
    },
    ...(contact.phones[0] && { telephone: contact.phones[0].href.replace(/^tel:/, '') }),
    ...(contact.email && { email: contact.email.display }),
    ...(contact.social.length > 0 && { sameAs: contact.social.map((link) => link.href) }),
  };
}
