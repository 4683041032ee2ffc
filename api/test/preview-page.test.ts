import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewPage } from '../src/site/preview-page.ts';

const hashOf = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const style = '@font-face{src:url("/_astro/fonts/a.woff2")}';
const script = 'console.log(1)';
const page = [
  '<!DOCTYPE html><html lang="fr"><head>',
  `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' '${hashOf(script)}'; style-src 'self' '${hashOf(style)}'">`,
  `<style>${style}</style><script>${script}</script>`,
  '<link rel="canonical" href="https://centre.example/formation/soudure">',
  '</head><body class="page">',
  '<a href="/departement/automobile">Automobile</a> <a href="//cdn.example/x">cdn</a> <a href="https://wa.me/237">WhatsApp</a>',
  '<form action="/api/applications"></form><img src="/media/covers/a.webp" srcset="/_astro/a.webp 1x, /_astro/b.webp 2x">',
  '</body></html>',
].join('');
const prefix = '/api/site-preview/abc';

describe('a preview page', () => {
  const previewed = previewPage(page, prefix);

  it('takes its pages, styles, scripts and fonts from the preview, and the API and uploaded images from where they are', () => {
    expect(previewed).toContain(`href="${prefix}/departement/automobile"`);
    expect(previewed).toContain(`srcset="${prefix}/_astro/a.webp 1x, ${prefix}/_astro/b.webp 2x"`);
    expect(previewed).toContain(`url("${prefix}/_astro/fonts/a.woff2")`);
    expect(previewed).toContain('action="/api/applications"');
    expect(previewed).toContain('src="/media/covers/a.webp"');
    expect(previewed).toContain('href="//cdn.example/x"');
    expect(previewed).toContain('href="https://centre.example/formation/soudure"');
  });

  it('keeps its policy true: the changed style’s hash replaced, the unchanged script’s kept', () => {
    const newStyle = style.replace('url("/', `url("${prefix}/`);
    expect(previewed).toContain(`'${hashOf(newStyle)}'`);
    expect(previewed).not.toContain(`'${hashOf(style)}'`);
    expect(previewed).toContain(`'${hashOf(script)}'`);
  });

  it('says at its top, in its own language, that it is not published', () => {
    expect(previewed).toContain('<body class="page"><p role="note" data-preview-note');
    expect(previewed).toContain('cette page n’est pas publiée');
    expect(previewPage(page.replace('lang="fr"', 'lang="en"'), prefix)).toContain('this page is not published');
  });
});
