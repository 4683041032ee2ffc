import { parentPort } from 'node:worker_threads';
import { checkPasswordStrength } from '@cfp/shared/password-strength';

/** The estimator and its dictionaries, in a thread of their own (api/src/auth/passwords.ts says why). */
export interface StrengthQuestion {
  id: number;
  password: string;
  personalWords: readonly string[];
}

parentPort?.on('message', ({ id, password, personalWords }: StrengthQuestion) => {
  parentPort?.postMessage({ id, strength: checkPasswordStrength(password, personalWords) });
});
