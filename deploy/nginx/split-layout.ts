/**
 * The split layout's host names, and the origins the site's and the admin's hosts name in their
 * policies as crossOrigins (packages/shared) works them out, from PUBLIC_SITE_URL,
 * PUBLIC_ADMIN_URL, PUBLIC_API_URL and S3_PUBLIC_URL (the images; beside the API when unset).
 * Printed as shell assignments, which start.sh evaluates before it fills the template.
 */
import { crossOrigins } from '@cfp/shared/public-origins';

function required(name: string, example: string): string {
  const value = process.env[name] ?? '';
  if (/^https?:\/\//.test(value)) return value;
  console.error(`LAYOUT=split needs ${name}, e.g. ${example}`);
  process.exit(1);
}

const addresses = {
  site: required('PUBLIC_SITE_URL', 'https://www.example.cm'),
  admin: required('PUBLIC_ADMIN_URL', 'https://admin.example.cm'),
  api: required('PUBLIC_API_URL', 'https://api.example.cm/api'),
  media: process.env.S3_PUBLIC_URL || undefined,
};
const seenFromSite = crossOrigins(addresses, 'site');
const seenFromAdmin = crossOrigins(addresses, 'admin');

const values = {
  SITE_HOST: new URL(addresses.site).hostname,
  ADMIN_HOST: new URL(addresses.admin).hostname,
  API_HOST: new URL(addresses.api).hostname,
  SITE_API_ORIGIN: seenFromSite.apiOrigin ?? '',
  ADMIN_API_ORIGIN: seenFromAdmin.apiOrigin ?? '',
  ADMIN_MEDIA_ORIGIN: seenFromAdmin.mediaOrigin ?? '',
};

const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
for (const [name, value] of Object.entries(values)) console.log(`${name}=${shellQuoted(value)}`);
