import { checkPasswordStrength } from '@cfp/shared/password-strength';
import { answerQuestions } from '../workers/idle-child-process.ts';

/** The estimator and its dictionaries, in a process of their own (api/src/auth/passwords.ts says why). */
export interface StrengthQuestion {
  password: string;
  personalWords: readonly string[];
}

answerQuestions(({ password, personalWords }: StrengthQuestion) => checkPasswordStrength(password, personalWords));
