import { checkPasswordStrength } from '@cfp/shared/password-strength';
import { type ApiCall, type ApiRoutes, json } from './mock-api.ts';

type StrengthBody = { password: string; personalWords?: string[]; token?: string };

/**
 * The API's strength meter routes, answered by the estimator the API itself uses; a link's page
 * is answered against `linkOwner`'s e-mail and name, as the API finds them from the token.
 */
export function passwordStrengthRoutes(linkOwner?: { email: string; username: string }): ApiRoutes {
  const body = (call: ApiCall) => call.body as StrengthBody;
  return {
    'POST /api/auth/password/strength': (call) =>
      json(checkPasswordStrength(body(call).password, body(call).personalWords ?? [])),
    'POST /api/auth/password/link/strength': (call) =>
      json(checkPasswordStrength(body(call).password, linkOwner ? [linkOwner.email, linkOwner.username] : [])),
  };
}
