/**
 * The words of a text as the programme finder compares them, on the server (the index of each
 * card, written into the page) and in the browser (what the visitor types): lower case, without
 * accents or ligatures (Électricien, électricien and electricien are one word), split on anything
 * that is not a letter or a digit (d’applications and d'applications give the same words), and
 * without one-letter words (l’, d’, à).
 */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);

/**
 * The index of some texts for a data attribute, separated by spaces: the words the finder looks
 * for at their start, so a word that begins another one is left out (technicienne finds technicien).
 */
export function searchIndex(...texts: string[]): string {
  const words = [...new Set(texts.flatMap(searchWords))];
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word))).join(' ');
}
