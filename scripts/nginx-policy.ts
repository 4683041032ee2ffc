/**
 * Writes the security headers and legacy redirects of packages/shared/src/web-policy.ts into the
 * production nginx template, between `# >>> <block>` and `# <<< <block>` marks, so that nginx
 * and the API send the same values and nobody types them twice. `pnpm nginx:policy` rewrites
 * the template; scripts/nginx-policy.test.ts fails when it is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, frameOptions, legacyRedirects, sharedSecurityHeaders, webAreas } from '@cfp/shared';

export const templatePath = fileURLToPath(new URL('../deploy/nginx/default.conf.template', import.meta.url));

const quoted = (value: string) => `"${value.replaceAll('"', '\\"')}"`;
const prefixedAreas = webAreas.filter((area) => area !== 'site');

/** The headers the API also sends: nginx hides the API's copies and adds its own, so each is sent once. */
const policyHeaders = ['Content-Security-Policy', ...Object.keys(sharedSecurityHeaders), 'X-Frame-Options'];

const blocks: Record<string, () => string[]> = {
  'security-maps': () => [
    '# HSTS means nothing over HTTP and must not be sent there.',
    'map $client_scheme $strict_transport_security {',
    `  https ${quoted(sharedSecurityHeaders['Strict-Transport-Security'])};`,
    '  default "";',
    '}',
    'map $uri $content_security_policy {',
    ...prefixedAreas.map((area) => `  ~^/${area}/ ${quoted(contentSecurityPolicy(area))};`),
    `  default ${quoted(contentSecurityPolicy('site'))};`,
    '}',
    'map $uri $frame_options {',
    ...prefixedAreas.map((area) => `  ~^/${area}/ ${frameOptions(area)};`),
    `  default ${frameOptions('site')};`,
    '}',
  ],
  'security-headers': () => [
    'add_header Content-Security-Policy $content_security_policy always;',
    'add_header Strict-Transport-Security $strict_transport_security always;',
    ...Object.entries(sharedSecurityHeaders)
      .filter(([name]) => name !== 'Strict-Transport-Security')
      .map(([name, value]) => `add_header ${name} ${value} always;`),
    'add_header X-Frame-Options $frame_options always;',
  ],
  'hide-api-headers': () => policyHeaders.map((name) => `proxy_hide_header ${name};`),
  'legacy-redirects': () => Object.entries(legacyRedirects).map(([from, to]) => `location = ${from} { return 301 ${to}; }`),
};

/** The template with every generated block rewritten, each line at its mark's indentation. */
export function renderPolicy(template: string): string {
  return template.replace(/^( *)# >>> ([a-z-]+)[^\n]*\n[\s\S]*?^ *# <<< \2$/gm, (_whole, indent: string, name: string) => {
    const lines = blocks[name];
    if (!lines) throw new Error(`deploy/nginx/default.conf.template: no generated block is called "${name}"`);
    const mark = `${indent}# >>> ${name} (generated from packages/shared/src/web-policy.ts by \`pnpm nginx:policy\`)`;
    return [mark, ...lines().map((line) => `${indent}${line}`), `${indent}# <<< ${name}`].join('\n');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const template = readFileSync(templatePath, 'utf8');
  writeFileSync(templatePath, renderPolicy(template));
}
