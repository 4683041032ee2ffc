import type { ContentProblem, ContentReport } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { summarizeReport } from '../src/format-report.ts';

const report = (problems: ContentProblem[], blocking = false): ContentReport => ({
  checkedAt: '2026-11-27T08:00:00.000Z',
  problems,
  blocking,
  strict: false,
});

const missing = (field: string): ContentProblem => ({
  kind: 'missing',
  file: 'content/centre.yaml',
  field,
  message: 'À renseigner.',
});
const unconfirmed = (name: string): ContentProblem => ({
  kind: 'unconfirmed',
  file: `content/formations/${name}.md`,
  field: 'confirmed',
  message: 'À faire vérifier.',
});

describe('the launch checklist at the server’s start', () => {
  it('counts what is to fill in and to confirm in a few lines, and says where the detail is', () => {
    const text = summarizeReport(report([missing('name'), missing('email'), unconfirmed('soudure'), unconfirmed('anglais')]));
    expect(text.split('\n')).toEqual([
      'Coordonnées du centre à renseigner\u00a0: 2 obligatoires',
      'Formations dont les faits ne sont pas confirmés par le centre\u00a0: 2 obligatoires',
      'Points à traiter avant le lancement\u00a0: 4 obligatoires.',
      'Le site peut être construit\u00a0; complétez ces points avant le lancement.',
      'Le détail\u00a0: pnpm content:check, ou l’écran «\u00a0Site content\u00a0» de l’admin.',
    ]);
  });

  it('counts a detail fixed in one field once, as the admin does, optional ones apart', () => {
    const optional = { ...missing('social.tiktok'), optional: true };
    const text = summarizeReport(report([missing('phones[0].number'), missing('phones[0].display'), optional]));
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Coordonnées du centre à renseigner\u00a0: 1 obligatoire, 1 facultatif',
      'Points à traiter avant le lancement\u00a0: 1 obligatoire, 1 facultatif.',
    ]);
  });

  it('lists every error in full, since the site does not build with them', () => {
    const error: ContentProblem = { kind: 'error', file: 'content/faq.yaml', field: '[2].answer', message: 'Réponse vide.' };
    const lines = summarizeReport(report([error, missing('name')], true)).split('\n');
    expect(lines[0]).toMatch(/^Erreurs à corriger .* \(1\)\u00a0:$/);
    expect(lines[1]).toBe('  - content/faq.yaml › question n°\u00a03 › answer\u00a0: Réponse vide.');
    expect(lines).toContain('Mise en ligne impossible\u00a0: corrigez les erreurs ci-dessus.');
  });
});
