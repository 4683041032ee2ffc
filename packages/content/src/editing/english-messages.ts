/**
 * The content check's messages about an English text (French: they are for the content
 * editors), said in the admin's English beside the English field a save refused. Those the
 * forms' English fields meet are put into words here; any other is given as the check says it.
 */
const sayings: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [
    /^lien vers « (.+?) », une page française : un texte anglais mène aux pages anglaises, ici (\S+?)\.$/,
    ([, link, english]) => `This English text links to the French page ${link}: link to the English page instead, ${english}.`,
  ],
  [
    /^lien vers « (.+?) », une page qui n’existe pas sur le site\.$/,
    ([, link]) => `This English text links to ${link}, a page the site does not have.`,
  ],
  [
    /^« (.+?) » promet .+?, absent de content\/centre\.yaml \((.+?)\) : écrivez plutôt (\S+), qui s’adapte à ce qui est renseigné\.$/,
    ([, phrase, field, directive]) =>
      `“${phrase}” promises a detail the centre has not given yet (${field} in the centre’s details): write ${directive} instead, which says it only once it is given.`,
  ],
  [
    /^(\d+) éléments, le texte français en a (\d+)/,
    ([, english, french]) =>
      `${english} in English, ${french} in French: once marked up to date, the English follows the French item by item. Translate the French ones that are new, or leave the English as it was.`,
  ],
  [
    /^absent, alors que le texte français l’a/,
    () => 'The French has this text and the English does not: once marked up to date, the English has each text the French has.',
  ],
];

export function englishCheckMessage(message: string): string {
  // The check spaces its French punctuation with no-break spaces.
  const plain = message.replace(/[\u00a0\u202f]/g, ' ');
  for (const [pattern, say] of sayings) {
    const match = pattern.exec(plain);
    if (match) return say(match);
  }
  return `The content check refused this English text: ${message}`;
}
