/**
 * Phone numbers as students type them, in E.164 (`+237699000000`), the form tel: and wa.me links
 * need. A Cameroonian number has nine digits after 237, starting with 6 (mobile) or 2 (fixed);
 * it is accepted with or without +237, 00237 or 237, and with spaces, dots, dashes or
 * parentheses. A number of another country needs its + and country code.
 */
export function normalisePhone(input: string): string | undefined {
  const compact = input.trim().replace(/[\s.\-()\u00a0\u202f/]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const digits = compact.replace(/^\+/, '').replace(/^00/, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const national =
    international || (digits.startsWith('237') && digits.length === 12) ? digits.replace(/^237(?=\d{9}$)/, '') : digits;
  if (/^[62]\d{8}$/.test(national) && (!international || digits.startsWith('237'))) return `+237${national}`;
  if (international && !digits.startsWith('237') && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return undefined;
}

/** +237699000000 → "6 99 00 00 00", as Cameroonians write it; other countries stay in E.164. */
export function formatPhone(e164: string): string {
  const cameroon = /^\+237(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  return cameroon ? cameroon.slice(1).join(' ') : e164;
}
