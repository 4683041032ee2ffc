/**
 * URLs the spec registered or linked that are not canonical here (decisions.md, Routes).
 * Astro turns them into redirect pages; src/pages/[file].ts lists them, with the
 * programmes' legacy slugs and the blog's /blog/{id}, in a `_redirects` file.
 */
export const staticRedirects: Record<string, string> = {
  '/Formation': '/formations',
  '/FAQ': '/faq',
  '/formation/MarketingDigitalCommunication': '/formation/marketing-digital-communication',
};
