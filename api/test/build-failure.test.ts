import type { ContentReport } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { buildOutputCause, contentCheckCause } from '../src/site/build-failure.ts';

describe('why a site build failed, as the status says it', () => {
  it('names the content file and field when the build stopped on content, without the stack trace', () => {
    const output = [
      '12:00:01 [content] Syncing content',
      '[ContentError] content/formations/soudure.md (durationMonths) : valeur refusée : trop grand.',
      '  Stack trace:',
      '    at fail (file:///srv/site/src/content.config.ts:36:11)',
    ].join('\n');
    expect(buildOutputCause(output, 'astro build exited with code 1')).toBe(
      'the content does not build: content/formations/soudure.md (durationMonths) : valeur refusée : trop grand.',
    );
  });

  it('names the file and field of content Astro’s own content check refused, not its hook or its stack', () => {
    // As `astro build` prints it when the content changed between the API's check and its copy.
    const output = [
      '01:35:03 [WARN] [config] Shiki syntax highlighting uses inline styles that are not compatible with Content Security Policy (CSP).',
      '01:35:03 [ERROR] [content-check] An unhandled error occurred while running the "astro:config:setup" hook',
      'content/ cannot go live:',
      'Erreurs à corriger (le site ne se construit pas avec elles) (1) :',
      '  - content/formations/soudure.md › durationMonths : valeur refusée : Trop grand : nombre doit être <=36.',
      'Coordonnées du centre à renseigner (24) :',
      '  - content/centre.yaml › name : Nom du centre.',
      'Mise en ligne impossible : corrigez les erreurs ci-dessus.',
      '  Location:',
      '    /srv/node_modules/astro/dist/integrations/hooks.js:56:21',
      '  Stack trace:',
      '    at astro:config:setup (file:///srv/site/astro.config.mjs:29:57)',
    ].join('\n');
    expect(buildOutputCause(output, 'astro build exited with code 1')).toBe(
      'the content does not build: content/formations/soudure.md › durationMonths : valeur refusée : Trop grand : nombre doit être <=36.',
    );
  });

  it('names the first refused file and field of content that has nothing earlier to fall back on', () => {
    const report: ContentReport = {
      checkedAt: '2026-03-01T13:05:00.000Z',
      strict: false,
      blocking: true,
      problems: [
        { kind: 'missing', file: 'content/centre.yaml', field: 'phones[0].number', message: 'à renseigner.', optional: false },
        { kind: 'error', file: 'content/faq.yaml', field: '[0].question', message: 'valeur refusée.' },
        { kind: 'error', file: 'content/formations/soudure.md', field: 'title', message: 'valeur refusée.' },
      ],
    };
    expect(contentCheckCause(report)).toBe(
      'the content check refused content/faq.yaml › question n°\u00a01 › question: valeur refusée. (and 1 more)',
    );
  });

  it('says the build stopped, with what the output says last when no line names an error', () => {
    expect(buildOutputCause('12:00:01 [build] output: "static"\nKilled', 'astro build exited with code 137')).toBe(
      'the build stopped: Killed',
    );
    expect(buildOutputCause('', 'astro build exited with code 1')).toBe('the build stopped: astro build exited with code 1');
  });
});
