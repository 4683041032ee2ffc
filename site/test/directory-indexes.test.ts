import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeDirectoryIndexes } from '../src/lib/directory-indexes.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cfp-directory-indexes-'));
  roots.push(root);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), body);
  }
  return root;
}

describe('pages for hosts that map no clean URL', () => {
  it('writes every page as {page}/index.html too, with its compressed copies, as links to the same file', async () => {
    const root = build({
      'about.html': '<h1>À propos</h1>',
      'about.html.br': 'br',
      'about.html.gz': 'gz',
      'formation/soudure.html': '<h1>Soudure</h1>',
      'contact.html': '<h1>Contact</h1>',
      'contact/merci.html': '<h1>Merci</h1>',
      'sitemap.xml': '<urlset/>',
    });
    expect(await writeDirectoryIndexes(root)).toBe(4);
    expect(readFileSync(path.join(root, 'about/index.html'), 'utf8')).toBe('<h1>À propos</h1>');
    expect(readFileSync(path.join(root, 'about/index.html.br'), 'utf8')).toBe('br');
    expect(statSync(path.join(root, 'about/index.html')).ino).toBe(statSync(path.join(root, 'about.html')).ino);
    expect(readFileSync(path.join(root, 'formation/soudure/index.html'), 'utf8')).toBe('<h1>Soudure</h1>');
    expect(existsSync(path.join(root, 'formation/soudure/index.html.br'))).toBe(false);
    // A page whose folder holds other pages gets its index beside them.
    expect(readFileSync(path.join(root, 'contact/index.html'), 'utf8')).toBe('<h1>Contact</h1>');
    expect(readFileSync(path.join(root, 'contact/merci/index.html'), 'utf8')).toBe('<h1>Merci</h1>');
    expect(existsSync(path.join(root, 'sitemap.xml/index.html'))).toBe(false);
  });

  it('leaves the home page and the 404 page where hosts look for them, and can run again on its own output', async () => {
    const root = build({ 'index.html': 'accueil', '404.html': 'introuvable', 'faq.html': 'faq' });
    expect(await writeDirectoryIndexes(root)).toBe(1);
    expect(existsSync(path.join(root, '404/index.html'))).toBe(false);
    expect(existsSync(path.join(root, 'index/index.html'))).toBe(false);
    expect(await writeDirectoryIndexes(root)).toBe(1);
    expect(readFileSync(path.join(root, 'faq/index.html'), 'utf8')).toBe('faq');
  });
});
