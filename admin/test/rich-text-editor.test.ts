import Quill from 'quill';
import { describe, expect, it } from 'vitest';
import { sanitizeLinkUrl } from '../src/components/rich-text-editor.tsx';

describe('editor links', () => {
  it.each(['https://example.cm/formations', 'http://example.cm', 'mailto:contact@example.cm', 'tel:+237699000000'])(
    'keeps %s',
    (url) => {
      expect(sanitizeLinkUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ftp://example.cm',
    'sms:+237699000000',
  ])('blanks %s', (url) => {
    expect(sanitizeLinkUrl(url)).toBe('about:blank');
  });

  it('completes addresses typed without a scheme', () => {
    expect(sanitizeLinkUrl('www.example.cm/blog')).toBe('https://www.example.cm/blog');
    expect(sanitizeLinkUrl('contact@example.cm')).toBe('mailto:contact@example.cm');
    expect(sanitizeLinkUrl('+237 6 99 00 11 22')).toBe('tel:+237699001122');
  });

  it("is the sanitiser of Quill's registered link format", () => {
    const Link = Quill.import('formats/link') as { create(value: string): HTMLElement };
    expect(Link.create('javascript:alert(1)').getAttribute('href')).toBe('about:blank');
    expect(Link.create('https://example.cm').getAttribute('href')).toBe('https://example.cm');
    expect(Link.create('tel:+237699000000').getAttribute('href')).toBe('tel:+237699000000');
  });
});
