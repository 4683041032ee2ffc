import type { PasswordStrength } from '@cfp/shared';

const scoreLabels = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/**
 * Live feedback under a new-password field, in words as well as a bar so that colour is never the
 * only signal; the field points at it with aria-describedby and screen readers hear its changes.
 */
export function PasswordStrengthMeter({ id, strength }: { id: string; strength: PasswordStrength | undefined }) {
  return (
    <div className="password-strength" id={id} aria-live="polite">
      {strength && (
        <>
          <meter
            className="password-strength__bar"
            min={0}
            max={4}
            low={2.5}
            high={3.5}
            optimum={4}
            value={strength.score}
            aria-hidden="true"
          />
          <p className="password-strength__text">
            {`Strength: ${scoreLabels[strength.score]}${strength.acceptable ? '.' : ', too easy to guess.'}`}
            {strength.feedback && ` ${strength.feedback}`}
          </p>
        </>
      )}
    </div>
  );
}
