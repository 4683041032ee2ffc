import type { GeneratedAdmin } from './auth/first-admin.ts';
import type { Config } from './config.ts';

/**
 * What `pnpm start` prints once it listens: where each part is, at the addresses visitors and
 * staff use (not paths on this process, which serves neither the site nor the admin when
 * SITE_SERVE=false).
 */
export function listeningMessage(address: string, { publicUrls, site }: Pick<Config, 'publicUrls' | 'site'>): string {
  if (!site.serve)
    return `Listening on ${address}: the API only, public address ${publicUrls.api}; the site (${publicUrls.site}) and the admin (${publicUrls.admin}) are served by their own hosts\n`;
  return `Listening on ${address}: site ${publicUrls.site}, admin ${publicUrls.admin}, API ${publicUrls.api}\n`;
}

/**
 * The generated first superAdmin, printed last (after the launch checklist) in a box so that it
 * does not scroll away; on purpose outside the structured log, which may be shipped to a store.
 */
export function firstAdminMessage({ email, password }: GeneratedAdmin, adminUrl: string): string {
  const lines = [
    'First superAdmin created: this password is shown only once.',
    '',
    `Sign in at  ${adminUrl}/login`,
    `email:      ${email}`,
    `password:   ${password}`,
    '',
    'Change it after signing in: Admins, then Edit on your own line.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}
