import { checkPasswordStrength } from '@cfp/shared/password-strength';

/** The estimator and its dictionaries, in a process of their own (api/src/auth/passwords.ts says why). */
export interface StrengthQuestion {
  id: number;
  password: string;
  personalWords: readonly string[];
}

process.on('message', ({ id, password, personalWords }: StrengthQuestion) => {
  process.send?.({ id, strength: checkPasswordStrength(password, personalWords) });
});
