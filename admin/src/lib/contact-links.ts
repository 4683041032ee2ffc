/**
 * Links that start a conversation with a student or a visitor from the admin: a call, a WhatsApp
 * chat, an e-mail. Phone numbers are stored in E.164 (+237699001122); a number typed with spaces
 * or dots works too.
 */

/** `tel:+237699001122`: the digits and the leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `https://wa.me/237699001122?text=…`: WhatsApp wants the number as digits only, country code first. */
export function whatsAppHref(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** `mailto:` with an optional subject and body, encoded as RFC 6068 wants (spaces as %20, not +). */
export function mailtoHref(email: string, { subject, body }: { subject?: string; body?: string } = {}): string {
  const fields = [
    ...(subject ? [`subject=${encodeURIComponent(subject)}`] : []),
    ...(body ? [`body=${encodeURIComponent(body)}`] : []),
  ];
  return `mailto:${email.trim()}${fields.length > 0 ? `?${fields.join('&')}` : ''}`;
}
