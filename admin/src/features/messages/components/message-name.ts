import type { ContactMessage } from '@cfp/shared';

export function fullName(message: ContactMessage): string {
  return `${message.firstName} ${message.lastName}`.trim();
}
