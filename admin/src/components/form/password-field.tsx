import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { PasswordOwner } from '../../api/check-password-strength.ts';
import { FormField } from './form-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { usePasswordStrength } from './use-password-strength.ts';

interface PasswordFieldProps {
  label: string;
  hint: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** What is typed, for the strength meter. */
  value: string;
  /** Whose password: the account's e-mail and username (which it must not be built on), or the link's token. */
  owner: PasswordOwner;
}

/** A new password, with live feedback on how easy it is to guess. */
export function PasswordField({ label, hint, required, registration, error, value, owner }: PasswordFieldProps) {
  const strengthId = useId();
  const strength = usePasswordStrength(value, owner);
  return (
    <>
      <FormField label={label} error={error} hint={hint}>
        {(aria) => (
          <input
            {...aria}
            {...registration}
            aria-describedby={[aria['aria-describedby'], strengthId].filter(Boolean).join(' ')}
            type="password"
            required={required}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <PasswordStrengthMeter id={strengthId} strength={strength} />
    </>
  );
}
