import { readFileSync } from 'node:fs';
import { contentSecurityPolicy, legacyRedirects, sharedSecurityHeaders } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { renderPolicy, templatePaths } from './nginx-policy.ts';

const [template = '', split = ''] = templatePaths.map((file) => readFileSync(file, 'utf8'));

describe('the production nginx templates', () => {
  it('carries the security headers and redirects of packages/shared, and the shared snippets, as they are today (run `pnpm nginx:policy` after changing them)', () => {
    expect(renderPolicy(template)).toBe(template);
    expect(renderPolicy(split)).toBe(split);
  });

  it('has each policy value from the shared definitions, and no hand-written copy of one', () => {
    const count = (text: string) => template.split(text).length - 1;
    expect(count(contentSecurityPolicy('admin'))).toBe(1);
    expect(count(sharedSecurityHeaders['Referrer-Policy'])).toBe(1);
    for (const [from, to] of Object.entries(legacyRedirects)) expect(count(`location = ${from} { return 301 ${to}; }`)).toBe(1);
  });

  it('rewrites a block that was edited by hand', () => {
    const edited = template.replace(/add_header X-Content-Type-Options [^;]+;/, 'add_header X-Content-Type-Options sniff;');
    expect(edited).not.toBe(template);
    expect(renderPolicy(edited)).toBe(template);
  });

  it('refuses a block it does not know', () => {
    expect(() => renderPolicy('# >>> nothing-of-ours\n# <<< nothing-of-ours\n')).toThrow(
      /no generated block is called "nothing-of-ours"/,
    );
  });
});
