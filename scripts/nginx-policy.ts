/**
 * Writes into the production nginx templates, between `# >>> <block>` and `# <<< <block>` marks,
 * the security headers and legacy redirects of packages/shared/src/web-policy.ts (so that nginx
 * and the API send the same values) and the parts both templates share (deploy/nginx/snippets/),
 * so that nobody types them twice. `pnpm nginx:policy` rewrites the templates;
 * scripts/nginx-policy.test.ts fails when one is out of date.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, frameOptions, legacyRedirects, sharedSecurityHeaders, webAreas } from '@cfp/shared';

export const templatePaths = ['default.conf.template', 'split.conf.template'].map((name) =>
  fileURLToPath(new URL(`../deploy/nginx/${name}`, import.meta.url)),
);

const quoted = (value: string) => `"${value.replaceAll('"', '\\"')}"`;
const prefixedAreas = webAreas.filter((area) => area !== 'site');

/** The headers the API also sends: nginx hides the API's copies and adds its own, so each is sent once. */
const policyHeaders = ['Content-Security-Policy', ...Object.keys(sharedSecurityHeaders), 'X-Frame-Options'];

/**
 * What each host's pages name besides their own origin, filled when nginx starts by
 * deploy/nginx/start.sh with what crossOrigins (packages/shared) answers for that host.
 */
const splitOrigins = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst variables, written as nginx's template wants them
  site: { apiOrigin: '${SITE_API_ORIGIN}' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst variables, written as nginx's template wants them
  admin: { apiOrigin: '${ADMIN_API_ORIGIN}', mediaOrigin: '${ADMIN_MEDIA_ORIGIN}' },
};

/** The headers of a host that serves one area only, its policy naming the API's and the images' origins. */
function fixedHeaders(area: 'site' | 'admin'): string[] {
  return [
    `add_header Content-Security-Policy ${quoted(contentSecurityPolicy(area, splitOrigins[area]))} always;`,
    'add_header Strict-Transport-Security $strict_transport_security always;',
    ...Object.entries(sharedSecurityHeaders)
      .filter(([name]) => name !== 'Strict-Transport-Security')
      .map(([name, value]) => `add_header ${name} ${value} always;`),
    `add_header X-Frame-Options ${frameOptions(area)} always;`,
  ];
}

const blocks: Record<string, () => string[]> = {
  'security-maps': () => [
    '# HSTS means nothing over HTTP and must not be sent there.',
    'map $client_scheme $strict_transport_security {',
    `  https ${quoted(sharedSecurityHeaders['Strict-Transport-Security'])};`,
    '  default "";',
    '}',
    "# The API's own policy when it sends one (a page answering a form posted without JavaScript",
    "# names its stylesheet's hash: answerPagePolicy), the API area's when it sends none.",
    'map $upstream_http_content_security_policy $api_content_security_policy {',
    `  "" ${quoted(contentSecurityPolicy('api'))};`,
    '  default $upstream_http_content_security_policy;',
    '}',
    'map $uri $content_security_policy {',
    ...prefixedAreas.map(
      (area) => `  ~^/${area}/ ${area === 'api' ? '$api_content_security_policy' : quoted(contentSecurityPolicy(area))};`,
    ),
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
  // The split shape's site and admin hosts: one area each, reaching the API on its own host.
  'site-headers': () => fixedHeaders('site'),
  'admin-headers': () => fixedHeaders('admin'),
  'legacy-redirects': () => Object.entries(legacyRedirects).map(([from, to]) => `location = ${from} { return 301 ${to}; }`),
};

function fill(template: string, names: string, lines: (name: string) => string[] | undefined): string {
  const block = new RegExp(`^( *)# >>> (${names})[^\\n]*\\n[\\s\\S]*?^ *# <<< \\2$`, 'gm');
  return template.replace(block, (_whole, indent: string, name: string) => {
    const content = lines(name);
    if (!content) throw new Error(`deploy/nginx: no generated block is called "${name}"`);
    const source = name.startsWith('snippet-')
      ? `deploy/nginx/snippets/${name.slice('snippet-'.length)}.conf`
      : 'packages/shared/src/web-policy.ts';
    const mark = `${indent}# >>> ${name} (generated from ${source} by \`pnpm nginx:policy\`)`;
    return [mark, ...content.map((line) => (line ? `${indent}${line}` : '')), `${indent}# <<< ${name}`].join('\n');
  });
}

/** A part both templates share, written once in deploy/nginx/snippets/. */
function snippet(name: string): string[] | undefined {
  const file = new URL(`../deploy/nginx/snippets/${name.slice('snippet-'.length)}.conf`, import.meta.url);
  return existsSync(file) ? readFileSync(file, 'utf8').replace(/\n$/, '').split('\n') : undefined;
}

/** A template with every generated block rewritten, each line at its mark's indentation: the snippets first, then the policy blocks (some are inside snippets). */
export function renderPolicy(template: string): string {
  return fill(fill(template, 'snippet-[a-z-]+', snippet), '(?!snippet-)[a-z-]+', (name) => blocks[name]?.());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const templatePath of templatePaths) writeFileSync(templatePath, renderPolicy(readFileSync(templatePath, 'utf8')));
}
