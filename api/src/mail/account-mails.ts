import type { OutgoingMail } from './mailer.ts';

/** Dates in e-mails to staff: "Friday, 27 November 2026 at 16:05 (Africa/Douala)". */
function untilText(date: Date, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
  return `${formatted} (${timeZone})`;
}

interface LinkMail {
  to: string;
  username: string;
  url: string;
  expiresAt: Date;
  timeZone: string;
}

export function invitationMail({
  to,
  username,
  url,
  expiresAt,
  timeZone,
  invitedBy,
}: LinkMail & { invitedBy: string }): OutgoingMail {
  return {
    to,
    subject: 'You are invited to the back-office of the training centre',
    text: [
      `Hello ${username},`,
      '',
      `${invitedBy} has given you an account on the training centre’s back-office, where staff publish blog posts and follow messages and applications.`,
      '',
      'Choose your password by opening this link:',
      url,
      '',
      `The link works once, until ${untilText(expiresAt, timeZone)}. Then sign in with this email address and the password you chose.`,
      '',
      'If you did not expect this invitation, ignore this email: no one can use the account without the link.',
    ].join('\n'),
  };
}

export function resetMail({ to, username, url, expiresAt, timeZone }: LinkMail): OutgoingMail {
  return {
    to,
    subject: 'Choose a new password for the back-office',
    text: [
      `Hello ${username},`,
      '',
      'Someone (you, we hope) asked to reset the password of your back-office account. Choose a new one by opening this link:',
      url,
      '',
      `The link works once, until ${untilText(expiresAt, timeZone)}. Choosing a new password signs you out everywhere.`,
      '',
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
