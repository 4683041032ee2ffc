/**
 * Phrases that promise one of the centre's details. The content check refuses them while the
 * detail is missing (a directive says it instead), and the site's tests find them in every built
 * page and check that the page links to the detail.
 */
export type PromisedDetail = 'phone' | 'whatsapp' | 'email' | 'map' | 'approval';

/**
 * "contactez-nous", "nous contacter", "écrivez-nous", "notre équipe vous répond"...: the start of an
 * invitation to reach the centre, or of a promise that it answers.
 */
const reachUs = '(?:contactez|joignez|écrivez)[- ]nous|nous (?:contacter|joindre|écrire)|vous répond\\p{L}*';
const within = '[^.?!]{0,40}';

export type PromisePattern = { detail: PromisedDetail; pattern: RegExp };

export const promisePatterns: PromisePattern[] = [
  {
    detail: 'phone',
    pattern: new RegExp(
      String.raw`\b(?:appel(?:ez|er)|téléphonez)[- ]nous\b|\bnous (?:appeler|téléphoner)\b|(?:${reachUs})${within}par téléphone`,
      'iu',
    ),
  },
  { detail: 'whatsapp', pattern: new RegExp(String.raw`(?:${reachUs})${within}(?:sur|par|via) WhatsApp|\bWhatsApp au\b`, 'iu') },
  { detail: 'email', pattern: new RegExp(String.raw`(?:${reachUs})${within}par (?:e-mail|courriel)|\bpar e-mail à\b`, 'iu') },
  { detail: 'map', pattern: /plan d[’']accès|lien de localisation|notre (?:plan|carte)\b/iu },
  { detail: 'approval', pattern: /agrément[^.?!]{0,80}(?:sur ce site|vérifi)|\bagrément n°/iu },
];

/** "contact us", "write to us", "we reply"...: the same invitations in English. */
const reachUsInEnglish =
  '\\b(?:contact|write to|reach|message|text|e-?mail|call|phone) us\\b|\\b(?:we|our team|the centre) (?:will )?(?:reply|replies|answer|answers|respond|responds|get back)\\b';

/**
 * The same promises in the English texts (content/en/), which use the same directives. As in
 * French, "by phone", "on WhatsApp" and "by e-mail" promise only after an invitation to reach
 * the centre: a trade is also described with them ("shops that sell through WhatsApp").
 */
export const englishPromisePatterns: PromisePattern[] = [
  {
    detail: 'phone',
    pattern: new RegExp(
      String.raw`\b(?:call|phone|ring) us\b|\bgive us a call\b|(?:${reachUsInEnglish})${within}by (?:tele)?phone`,
      'iu',
    ),
  },
  {
    detail: 'whatsapp',
    pattern: new RegExp(String.raw`(?:${reachUsInEnglish})${within}(?:on|via|by) WhatsApp|\bWhatsApp on\b`, 'iu'),
  },
  {
    detail: 'email',
    pattern: new RegExp(String.raw`(?:${reachUsInEnglish})${within}by e-?mail|\be-?mail us\b|\bby e-?mail at\b`, 'iu'),
  },
  { detail: 'map', pattern: /\bour map\b|\b(?:access|location) map\b/iu },
  { detail: 'approval', pattern: /\bapproval (?:no\b|number\b)|approval[^.?!]{0,80}(?:on this site|verif)/iu },
];

/** The details a text promises, each with the words that promise it; `patterns` are the English ones for an English text. */
export function findPromises(text: string, patterns = promisePatterns): Array<{ detail: PromisedDetail; phrase: string }> {
  return patterns.flatMap(({ detail, pattern }) => {
    const match = pattern.exec(text);
    return match ? [{ detail, phrase: match[0] }] : [];
  });
}

/** Each detail: what it is, its field in centre.yaml, and the directive that says it only when it is there. */
export const promisedDetails: Record<PromisedDetail, { name: string; field: string; directive: string }> = {
  phone: { name: 'un numéro de téléphone', field: 'phones', directive: ':appeler' },
  whatsapp: { name: 'le numéro WhatsApp', field: 'whatsapp', directive: ':nous-joindre' },
  email: { name: 'l’adresse e-mail', field: 'email', directive: ':nous-joindre' },
  map: { name: 'le plan d’accès', field: 'mapUrl', directive: ':adresse' },
  approval: { name: 'le numéro d’agrément', field: 'approval.number', directive: ':agrement' },
};
