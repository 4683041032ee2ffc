/**
 * The one place where the product's public addresses become origins: which other origins a page
 * of the site, of the admin or of the API must name in its Content-Security-Policy (connect-src,
 * form-action, img-src) and which ones the API's CORS lets in. The API's configuration and site
 * builder, the site's and the admin's builds and the production nginx (deploy/nginx) all ask it;
 * scripts/public-origins.test.ts fails when anything else works an origin out.
 */

/** The parts of the product that have a public address. */
export type PublicPart = 'site' | 'admin' | 'api' | 'media';

/**
 * Where each part is reached: an absolute http(s) URL, or a path on the origin of the page that
 * uses it (the API at `/api`). A part left out is on that origin too, except the images: they are
 * beside the API (local storage serves them at its `/media`).
 */
export type PublicAddresses = { [part in PublicPart]?: string | undefined };

/** Each part's origin (scheme://host[:port]) when it is not the page's own: undefined when it is. */
export interface CrossOrigins {
  siteOrigin: string | undefined;
  adminOrigin: string | undefined;
  apiOrigin: string | undefined;
  mediaOrigin: string | undefined;
}

/**
 * The origins a page of `seenFrom` must name to reach the other parts. When the page's own address
 * is unknown or a path (the admin's build knows only where the API is), every absolute address is
 * taken as another origin.
 */
export function crossOrigins(addresses: PublicAddresses, seenFrom: Exclude<PublicPart, 'media'>): CrossOrigins {
  const own = originOf(addresses[seenFrom]);
  const elsewhere = (address: string | undefined) => {
    const origin = originOf(address);
    return origin === own ? undefined : origin;
  };
  return {
    siteOrigin: elsewhere(addresses.site),
    adminOrigin: elsewhere(addresses.admin),
    apiOrigin: elsewhere(addresses.api),
    mediaOrigin: elsewhere(addresses.media ?? addresses.api),
  };
}

/** A path has no origin of its own: it is on the page's. */
function originOf(address: string | undefined): string | undefined {
  return address && /^https?:\/\//i.test(address) ? new URL(address).origin : undefined;
}
