/**
 * User agents of programs that fetch pages without a reader: search engines, link previews
 * (WhatsApp's and Facebook's included), audits (Lighthouse), headless browsers and HTTP
 * libraries. Their requests are answered and not counted.
 */
const crawlerAgents =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|lighthouse|headless|phantomjs|curl|wget|python|node-fetch|undici|axios|go-http|java\//i;

export const isCrawler = (userAgent: string | undefined): boolean => !userAgent || crawlerAgents.test(userAgent);
