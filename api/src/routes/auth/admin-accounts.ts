import {
  type AdminAccount,
  type AdminAccountListEntry,
  accountLinkMessages,
  adminAccountList,
  adminMessages,
  adminSaved,
  createAdminInput,
  errorResponse,
  idParams,
  messageResponse,
  updateAdminInput,
} from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdminAction } from '../../audit/audit-log.ts';
import { invitationState, issueAccountLink } from '../../auth/account-links.ts';
import {
  type AccountRefusal,
  type AdminRow,
  createAdmin,
  deleteAdmin,
  emailTaken,
  findAdmin,
  listAdmins,
  removeNewAdmin,
  updateAdmin,
} from '../../auth/admin-accounts.ts';
import { adminAccountKey, type LoginGuard } from '../../auth/login-throttle.ts';
import { hashPassword, weakPasswordReason } from '../../auth/passwords.ts';
import { HttpError } from '../../http/http-error.ts';
import { invitationMail } from '../../mail/account-mails.ts';

const toAccount = (row: AdminRow): AdminAccount => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

/** What a plain admin sees of an account: who can sign in and with what role (decision 0018). */
const withoutAddress = (row: AdminRow): AdminAccountListEntry => {
  const { email: _email, ...account } = toAccount(row);
  return account;
};

const security = [{ bearer: [] }];

async function hashNewPassword(password: string, account: { email: string; username?: string }): Promise<string> {
  const refused = await weakPasswordReason(password, [account.email, account.username ?? '']);
  if (refused) throw new HttpError(400, refused);
  return hashPassword(password);
}

const adminNotFound = 'Admin not found';
const emailTakenMessage = 'An admin with this email already exists';

/** The answer to a refused change of an account, the last superAdmin's in the words of what was tried. */
function refused(refusal: AccountRefusal, lastSuperAdmin: string): HttpError {
  if (refusal === 'not-found') return new HttpError(404, adminNotFound);
  return new HttpError(409, refusal === 'email-taken' ? emailTakenMessage : lastSuperAdmin);
}

/** The account, or the answer to a refusal. */
function accepted(outcome: AdminRow | AccountRefusal, lastSuperAdmin: string): AdminRow {
  if (typeof outcome === 'string') throw refused(outcome, lastSuperAdmin);
  return outcome;
}

const adminAccountRoutes: FastifyPluginAsyncZod<{ loginGuard: LoginGuard }> = async (app, { loginGuard }) => {
  const withState = (row: AdminRow): AdminAccount => {
    const lockedForSeconds = loginGuard.lockedForSeconds(adminAccountKey(row));
    const invitation = invitationState(app.db, row);
    return {
      ...toAccount(row),
      ...(lockedForSeconds > 0 && { lockedForSeconds }),
      ...(invitation && { invitation }),
    };
  };

  const noMail = () =>
    new HttpError(400, 'password is required: this server does not send email, so the new admin cannot be invited');

  /** E-mails `row` a new invitation link, made by the signed-in superAdmin of `request`. */
  const sendInvitation = async (row: AdminRow, invitedBy: string) => {
    const mailer = app.mailer;
    if (!mailer) throw noMail();
    const link = issueAccountLink(app.db, row.id, 'invitation', app.config.publicUrls.admin);
    await mailer.send(
      invitationMail({ to: row.email, username: row.username, invitedBy, ...link, timeZone: app.config.timeZone }),
    );
  };

  app.get(
    '/auth',
    {
      schema: {
        summary: 'List admin accounts (e-mail addresses, locks and invitations for a superAdmin only)',
        tags: ['admins'],
        security,
        response: { 200: adminAccountList },
      },
    },
    async (request) => {
      const rows = listAdmins(app.db);
      return rows.map(request.admin.role === 'superAdmin' ? withState : withoutAddress);
    },
  );

  app.post(
    '/auth/signup',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Create an admin account',
        tags: ['admins'],
        security,
        body: createAdminInput,
        response: { 201: adminSaved, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { username, email, password, role } = request.body;
      if (password === undefined && !app.mailer) throw noMail();
      const passwordHash = password === undefined ? '' : await hashNewPassword(password, { email, username });
      if (emailTaken(app.db, email)) throw new HttpError(409, emailTakenMessage);
      const row = createAdmin(app.db, { username, email, role, passwordHash });
      if (password === undefined) {
        try {
          await sendInvitation(row, request.admin.username);
        } catch (error) {
          request.log.warn({ err: error }, 'invitation e-mail failed');
          removeNewAdmin(app.db, row.id);
          throw new HttpError(502, accountLinkMessages.invitationNotSent);
        }
        recordAdminAction(app.db, request, 'admin.invite', `${email} (${role})`);
        return reply.status(201).send({
          message: `${adminMessages.accountCreated} An invitation to choose a password was emailed to ${email}.`,
          admin: withState(row),
        });
      }
      recordAdminAction(app.db, request, 'admin.create', `${email} (${role})`);
      return reply.status(201).send({ message: adminMessages.accountCreated, admin: toAccount(row) });
    },
  );

  app.post(
    '/auth/:id/invitation',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'E-mail a new invitation to an admin who has not chosen a password yet',
        tags: ['admins'],
        security,
        params: idParams,
        response: { 200: adminSaved, 400: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const row = findAdmin(app.db, request.params.id);
      if (!row) throw new HttpError(404, adminNotFound);
      if (row.passwordHash !== '') throw new HttpError(409, 'This admin has already chosen a password');
      try {
        await sendInvitation(row, request.admin.username);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        request.log.warn({ err: error }, 'invitation e-mail failed');
        throw new HttpError(502, 'The invitation email could not be sent. Try again later.');
      }
      recordAdminAction(app.db, request, 'admin.invite', `${row.email} (again)`);
      return { message: `${accountLinkMessages.invitationSent} to ${row.email}`, admin: withState(row) };
    },
  );

  app.patch(
    '/auth/:id',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Update an admin account (password optional)',
        tags: ['admins'],
        security,
        params: idParams,
        body: updateAdminInput,
        response: { 200: adminSaved, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { email, role, username, password } = request.body;
      const passwordHash = password === undefined ? undefined : await hashNewPassword(password, { email, username });

      const row = accepted(
        updateAdmin(app.db, id, { email, role, username, passwordHash }),
        'The last superAdmin cannot be demoted',
      );
      recordAdminAction(app.db, request, 'admin.update', `${row.email} (${row.role}${passwordHash ? ', password changed' : ''})`);
      return { message: adminMessages.adminUpdated, admin: withState(row) };
    },
  );

  app.delete(
    '/auth/:id',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: 'Delete an admin account',
        tags: ['admins'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === request.admin.id) throw new HttpError(409, 'You cannot delete your own account');
      const deleted = accepted(deleteAdmin(app.db, id), 'The last superAdmin cannot be deleted');
      recordAdminAction(app.db, request, 'admin.delete', deleted.email);
      return { message: adminMessages.adminDeleted };
    },
  );

  app.delete(
    '/auth/:id/lock',
    {
      config: { superAdminOnly: true },
      schema: {
        summary: "Clear an admin's sign-in lock-out, from every address",
        tags: ['admins'],
        security,
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = findAdmin(app.db, request.params.id);
      if (!row) throw new HttpError(404, adminNotFound);
      loginGuard.clear(adminAccountKey(row));
      recordAdminAction(app.db, request, 'admin.unlock', row.email);
      return { message: 'Sign-in lock cleared' };
    },
  );
};

export default adminAccountRoutes;
