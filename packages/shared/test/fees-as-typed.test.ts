import { describe, expect, it } from 'vitest';
import { programmeForm } from '../src/site-content.ts';

const tuition = programmeForm('2026-12-02').shape.tuitionFee;

describe('a fee as the centre’s staff type it', () => {
  it.each(['150000', '150 000', '150.000', '150.000 FCFA', '150 000 F CFA', '150000fcfa', '1 500 000 XAF', ''])(
    'takes “%s”',
    (typed) => {
      expect(tuition.safeParse(typed).success).toBe(true);
    },
  );

  it.each(['cheap', '150,000', '0', '15 00', 'FCFA 150 000', '150 000 €'])('refuses “%s”, with the hint’s example', (typed) => {
    const result = tuition.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The tuition must be an amount in FCFA written with digits, e.g. 150 000');
  });
});
