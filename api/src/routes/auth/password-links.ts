import {
  accountLink,
  accountLinkMessages,
  accountLinkRequest,
  accountLinkValidityMs,
  errorResponse,
  forgotPasswordRequest,
  linkPasswordStrengthRequest,
  messageResponse,
  passwordStrength as passwordStrengthResponse,
  setPasswordRequest,
} from '@cfp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../audit/audit-log.ts';
import { findAccountLink, issueAccountLink, replacePasswordWithLink } from '../../auth/account-links.ts';
import { findAdminByEmail } from '../../auth/admin-accounts.ts';
import { hashPassword, passwordStrength, weakPasswordReason } from '../../auth/passwords.ts';
import { HttpError } from '../../http/http-error.ts';
import { resetMail } from '../../mail/account-mails.ts';
import { rateLimitKey } from '../../security/client-address.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';

const tooManyMessage = (seconds: number) =>
  `Too many requests. Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`;

/**
 * Forgotten passwords and the single-use links of invitations and resets. Public routes: the
 * person has no session, only the link's token, and the answers never say whether an address
 * belongs to an admin.
 */
const passwordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client (429). Per account, the mails sent: beyond 3 an hour, from whomever, a request is
  // answered the same and sends nothing, so a stranger can neither flood an admin's mailbox nor
  // earn the owner a 429; the links already sent stay valid (decision 0017).
  const byAddress = new RateLimiter([
    { limit: 5, windowMs: 15 * 60_000 },
    { limit: 20, windowMs: 24 * 60 * 60_000 },
  ]);
  // A window as long as a link is valid: once the mails stop, the last ones sent still work until it ends.
  const resetMailsByAccount = new RateLimiter([{ limit: 3, windowMs: accountLinkValidityMs.reset }]);
  const linkChecks = new RateLimiter([{ limit: 30, windowMs: 15 * 60_000 }]);
  // The meter asks as the person types (the admin waits for a pause): a few dozen checks a password.
  const strengthChecks = new RateLimiter([{ limit: 300, windowMs: 15 * 60_000 }]);

  const limit = (limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply) => {
    const decision = limiter.consume(rateLimitKey(request.ip));
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfterSeconds));
    throw new HttpError(429, tooManyMessage(decision.retryAfterSeconds));
  };

  app.post(
    '/auth/password/forgot',
    {
      config: { public: true },
      schema: {
        summary: 'E-mail a link to choose a new password; the same answer whether the address has an account or not',
        tags: ['auth'],
        body: forgotPasswordRequest,
        response: { 202: messageResponse, 400: errorResponse, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const mailer = app.mailer;
      if (!mailer) return reply.status(503).send({ message: accountLinkMessages.resetNeedsMail });
      const { email } = request.body;
      limit(byAddress, request, reply);
      const admin = findAdminByEmail(app.db, email);
      // An invited admin who never chose a password gets a fresh invitation from a superAdmin instead.
      const sends = admin !== undefined && admin.passwordHash !== '' && resetMailsByAccount.consume(String(admin.id)).allowed;
      recordAudit(app.db, {
        action: 'password.reset_requested',
        actor: { id: admin?.id, name: email },
        target: admin ? admin.email : 'no account with this address',
        address: request.ip,
      });
      if (admin && sends) {
        const link = issueAccountLink(app.db, admin.id, 'reset', app.config.publicUrls.admin);
        const mail = resetMail({ to: admin.email, username: admin.username, ...link, timeZone: app.config.timeZone });
        // Sent after the answer: its time would tell whether the address has an account.
        setImmediate(() => mailer.send(mail).catch((error) => request.log.warn({ err: error }, 'password reset e-mail failed')));
      }
      return reply.status(202).send({ message: accountLinkMessages.resetRequested });
    },
  );

  const validLink = (token: string) => {
    const link = findAccountLink(app.db, token);
    if (!link) throw new HttpError(410, accountLinkMessages.linkInvalid);
    return link;
  };

  app.post(
    '/auth/password/link',
    {
      config: { public: true },
      schema: {
        summary: 'Whom an invitation or reset link is for, while it is valid',
        tags: ['auth'],
        body: accountLinkRequest,
        response: { 200: accountLink, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      limit(linkChecks, request, reply);
      const link = validLink(request.body.token);
      return { purpose: link.purpose, username: link.username, email: link.email, expiresAt: link.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/password/link/strength',
    {
      config: { public: true },
      schema: {
        summary: 'How hard a password chosen with an invitation or reset link is to guess; nothing is kept',
        tags: ['auth'],
        body: linkPasswordStrengthRequest,
        response: { 200: passwordStrengthResponse, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      limit(strengthChecks, request, reply);
      const link = validLink(request.body.token);
      return passwordStrength(request.body.password, [link.email, link.username]);
    },
  );

  app.post(
    '/auth/password/set',
    {
      config: { public: true },
      schema: {
        summary: 'Choose a password with an invitation or reset link; the link is spent and every session signed out',
        tags: ['auth'],
        body: setPasswordRequest,
        response: { 200: messageResponse, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      limit(linkChecks, request, reply);
      const { token, password } = request.body;
      const link = validLink(token);
      const refused = await weakPasswordReason(password, [link.email, link.username]);
      if (refused) throw new HttpError(400, refused);
      const passwordHash = await hashPassword(password);
      if (!replacePasswordWithLink(app.db, token, link.adminId, passwordHash)) {
        throw new HttpError(410, accountLinkMessages.linkInvalid);
      }
      const invitation = link.purpose === 'invitation';
      recordAudit(app.db, {
        action: invitation ? 'admin.invitation_accepted' : 'password.reset',
        actor: { id: link.adminId, name: link.username },
        target: link.email,
        address: request.ip,
      });
      return { message: invitation ? accountLinkMessages.invitationSet : accountLinkMessages.passwordReset };
    },
  );
};

export default passwordLinkRoutes;
