import { type AdminAccountListEntry, adminMessages } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useClearAdminLock } from '../api/clear-admin-lock.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useAdmins } from '../api/get-admins.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { AddAdminDialog, EditAdminDialog, roleLabels } from './admin-dialogs.tsx';

interface AdminsPageProps {
  /** Only a superAdmin manages accounts; others see the list without the actions. */
  canManage: boolean;
  currentUsername: string;
  /** Whether the server e-mails invitations; without, the superAdmin chooses the new admin's password. */
  sendsMail: boolean;
}

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; admin: AdminAccountListEntry }
  | { kind: 'delete'; admin: AdminAccountListEntry }
  | { kind: 'unlock'; admin: AdminAccountListEntry }
  | null;

function lockDuration(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

const invitationLabels = { pending: 'Invitation sent', expired: 'Invitation expired' } as const;

export function AdminsPage({ canManage, currentUsername, sendsMail }: AdminsPageProps) {
  const admins = useAdmins();
  const deleteAdmin = useDeleteAdmin();
  const clearLock = useClearAdminLock();
  const resendInvitation = useResendInvitation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [flash, showFlash] = useFlashMessage(2000);

  const saved = (message: string) => {
    setDialog(null);
    showFlash('success', message);
  };

  const confirmDelete = (admin: AdminAccountListEntry) =>
    deleteAdmin.mutate(admin._id, {
      onSuccess: () => showFlash('success', adminMessages.adminDeleted),
      onError: (error) => showFlash('error', errorMessage(error, 'Error deleting admin')),
      onSettled: () => setDialog(null),
    });

  const confirmUnlock = (admin: AdminAccountListEntry) =>
    clearLock.mutate(admin._id, {
      onSuccess: (response) => showFlash('success', response.message),
      onError: (error) => showFlash('error', errorMessage(error, 'Error clearing the sign-in lock')),
      onSettled: () => setDialog(null),
    });

  const resend = (admin: AdminAccountListEntry) =>
    resendInvitation.mutate(admin._id, {
      onSuccess: (response) => showFlash('success', response.message),
      onError: (error) => showFlash('error', errorMessage(error, 'The invitation could not be sent')),
    });

  return (
    <section>
      <PageHeader
        title="Admins"
        description={
          canManage
            ? 'Manage the accounts that can sign in to this back-office.'
            : 'The accounts that can sign in to this back-office.'
        }
        actions={
          canManage && (
            <button type="button" className="button" onClick={() => setDialog({ kind: 'add' })}>
              Add Admin
            </button>
          )
        }
      />
      {!canManage && <Alert kind="info">Only a super admin can add, edit or delete accounts.</Alert>}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {admins.isPending && <Spinner label="Loading admins..." />}
      {admins.isError && <Alert kind="error">{errorMessage(admins.error, 'Error fetching admins')}</Alert>}
      {admins.data &&
        (admins.data.length === 0 ? (
          <p className="empty-state">No admins found.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Admin accounts</caption>
              <thead>
                <tr>
                  <th scope="col">Admin Name</th>
                  {canManage && <th scope="col">Email</th>}
                  <th scope="col">Role</th>
                  <th scope="col">Created On</th>
                  {canManage && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {admins.data.map((admin) => {
                  const isSelf = admin.username === currentUsername;
                  return (
                    <tr key={admin._id}>
                      <td className="data-table__title" data-label="Admin Name">
                        <span className="data-table__primary">{admin.username}</span>
                        {isSelf && <span className="data-table__secondary">(you)</span>}
                        {admin.lockedForSeconds !== undefined && (
                          <span className="badge badge--failed">Sign-in locked ({lockDuration(admin.lockedForSeconds)})</span>
                        )}
                        {admin.invitation && (
                          <span className={`badge badge--${admin.invitation === 'pending' ? 'pending' : 'failed'}`}>
                            {invitationLabels[admin.invitation]}
                          </span>
                        )}
                      </td>
                      {canManage && (
                        <td data-label="Email" className="data-table__wrap">
                          {admin.email}
                        </td>
                      )}
                      <td data-label="Role">
                        <span className={`badge badge--${admin.role}`}>{roleLabels[admin.role]}</span>
                      </td>
                      <td data-label="Created On">
                        <time dateTime={admin.createdAt}>{formatDate(admin.createdAt)}</time>
                      </td>
                      {canManage && (
                        <td data-label="Actions" className="data-table__actions">
                          <button
                            aria-label={`Edit ${admin.username}`}
                            type="button"
                            className="button button--small button--secondary"
                            onClick={() => setDialog({ kind: 'edit', admin })}
                          >
                            Edit
                          </button>
                          {admin.lockedForSeconds !== undefined && (
                            <button
                              aria-label={`Clear sign-in lock of ${admin.username}`}
                              type="button"
                              className="button button--small button--secondary"
                              onClick={() => setDialog({ kind: 'unlock', admin })}
                            >
                              Clear lock
                            </button>
                          )}
                          {admin.invitation && sendsMail && (
                            <button
                              aria-label={`Send ${admin.username} a new invitation`}
                              type="button"
                              className="button button--small button--secondary"
                              disabled={resendInvitation.isPending}
                              onClick={() => resend(admin)}
                            >
                              Invite again
                            </button>
                          )}
                          {!isSelf && (
                            <button
                              aria-label={`Delete ${admin.username}`}
                              type="button"
                              className="button button--small button--danger-outline"
                              onClick={() => setDialog({ kind: 'delete', admin })}
                            >
                              Delete
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      {dialog?.kind === 'add' && <AddAdminDialog onClose={() => setDialog(null)} onSaved={saved} sendsMail={sendsMail} />}
      {dialog?.kind === 'edit' && <EditAdminDialog admin={dialog.admin} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete admin"
          message={`Are you sure you want to delete admin ${dialog.admin.username}?`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteAdmin.isPending}
          onConfirm={() => confirmDelete(dialog.admin)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'unlock' && (
        <ConfirmDialog
          title="Clear sign-in lock"
          message={`Let ${dialog.admin.username} try to sign in again now, from every address? Only do this once you know the failed attempts were theirs.`}
          confirmLabel="Clear lock"
          busyLabel="Clearing..."
          busy={clearLock.isPending}
          danger={false}
          onConfirm={() => confirmUnlock(dialog.admin)}
          onCancel={() => setDialog(null)}
        />
      )}
    </section>
  );
}
