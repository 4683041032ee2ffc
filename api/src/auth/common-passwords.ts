/**
 * Passwords of 12 characters or more that lead the public guessing lists (leaked-password
 * top lists, keyboard walks, the product's own name). Shorter ones are refused by length.
 */
const commonPasswords = [
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '111111111111',
  '000000000000',
  '123123123123',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'qwerty123456',
  'azertyuiop12',
  'azertyuiop123',
  'azerty123456',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'motdepasse123',
  'motdepasse1234',
  'iloveyou1234',
  'administrator',
  'administrator1',
  'administrateur',
  'admin1234567',
  'adminadminadmin',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'changeme1234',
  'football1234',
  'baseball1234',
  'princess1234',
  'sunshine1234',
  'superman1234',
  'trustno1trustno1',
  'abcdefghijkl',
  'abcdefgh1234',
  'abc123abc123',
  'cameroun2024',
  'cameroun2025',
  'cameroun2026',
  'cameroon2024',
  'cameroon2025',
  'cameroon2026',
  'yaounde12345',
  'centreformation',
  'centredeformation',
];

const normalised = new Set(commonPasswords);

export function isCommonPassword(password: string): boolean {
  return normalised.has(password.trim().toLowerCase());
}
