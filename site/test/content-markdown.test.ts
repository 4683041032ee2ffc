import { describe, expect, it } from 'vitest';
import config from '../astro.config.mjs';

/** The renderer Astro builds the content's pages with, as the site's configuration sets it up. */
async function renderContentMarkdown(markdown: string): Promise<string> {
  const processor = config.markdown?.processor;
  if (!processor) throw new Error('the site configures no markdown processor');
  const renderer = await processor.createRenderer({ syntaxHighlight: false } as Parameters<typeof processor.createRenderer>[0]);
  return (await renderer.render(markdown)).code;
}

describe('the content’s markdown on the site', () => {
  it('renders without raw HTML: a meta refresh never reaches the page, the text around it does', async () => {
    const html = await renderContentMarkdown(
      'Notre *centre* forme des professionnels.\n\n<meta http-equiv="refresh" content="3; url=https://example.com">\n\nUn <b>gras</b> et **un vrai gras**.\n',
    );
    expect(html).not.toMatch(/<meta|http-equiv|<b>/);
    expect(html).toContain('<p>Notre <em>centre</em> forme des professionnels.</p>');
    expect(html).toContain('<strong>un vrai gras</strong>');
  });
});
