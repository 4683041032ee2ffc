import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as french from '@zxcvbn-ts/language-fr';
import type { PasswordStrength } from './auth.ts';

export type { PasswordStrength };

/**
 * How hard a new password is to guess, estimated by zxcvbn-ts against the ~49,000 passwords
 * that lead the leaked-password lists (language-common), English and French words, names and
 * Wikipedia terms, keyboard walks, sequences, dates, and the centre's own words.
 *
 * Kept out of the main `@cfp/shared` entry: the dictionaries weigh megabytes (39 MB of heap), so
 * only the API loads them, in a child process that lives while passwords are being checked
 * (api/src/auth/password-strength-process.ts); the admin asks the API
 * (`POST /api/auth/password/strength`) and downloads none of it.
 */

/** zxcvbn scores 0-4; 3 means "safely unguessable: moderate protection from offline attacks". */
export const minimumPasswordScore = 3;

/** Words anyone attacking this site would try first, alone or two together ("centreformation"). */
const centreWords = [
  'centre',
  'center',
  'formation',
  'professionnelle',
  'nkoabang',
  'yaounde',
  'yaoundé',
  'cameroun',
  'cameroon',
  'cfp',
  'cfpnkoabang',
  'admin',
  'administrateur',
  'superadmin',
];
const centreWordPairs = centreWords.flatMap((first) => centreWords.map((second) => first + second));

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary, ...french.dictionary, centre: [...centreWords, ...centreWordPairs] },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** `personalWords`: the account's own e-mail, username and name, which must not carry the password. */
export function checkPasswordStrength(password: string, personalWords: readonly string[] = []): PasswordStrength {
  const result = estimator.check(password, [...personalWords.flatMap(wordsOf)]);
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (text): text is string => typeof text === 'string' && text.length > 0,
  );
  return { score: result.score, acceptable: result.score >= minimumPasswordScore, feedback: advice.join(' ') };
}

/** "jean.dupont@cfp.cm" gives the address, its parts and the name run together, so "jeandupont2026" is caught too. */
function wordsOf(personalWord: string): string[] {
  const lower = personalWord.trim().toLowerCase();
  if (!lower) return [];
  const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  const name = lower.split('@')[0]?.replace(/[^\p{L}\p{N}]+/gu, '') ?? '';
  return [lower, name, ...parts].filter((word) => word.length >= 3);
}
