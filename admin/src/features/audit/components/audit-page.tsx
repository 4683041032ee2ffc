import { type AuditAction, auditActions } from '@cfp/shared';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

const actionLabels: Record<AuditAction, string> = {
  'login.success': 'Login',
  'login.failure': 'Failed login',
  'post.create': 'Post created',
  'post.update': 'Post updated',
  'post.delete': 'Post deleted',
  'admin.create': 'Admin created',
  'admin.update': 'Admin updated',
  'admin.delete': 'Admin deleted',
  'admin.unlock': 'Admin sign-in lock cleared',
  'admin.invite': 'Admin invited by email',
  'admin.invitation_accepted': 'Invitation accepted',
  'password.reset_requested': 'Password reset link asked for',
  'password.reset': 'Password reset by link',
  'subscriber.delete': 'Subscriber deleted',
  'newsletter.send': 'Newsletter sent',
  'newsletter.cancel': 'Newsletter send cancelled',
  'message.delete': 'Message deleted',
  'application.repeat': 'Application sent again (stored apart)',
  'application.status': 'Application status changed',
  'application.delete': 'Application deleted',
  'application.purge': 'Old applications deleted (retention)',
  'content.update': 'Site content changed',
  'content.revert': 'Site content change undone',
};

export function AuditPage() {
  const filterId = useId();
  const [action, setAction] = useState<AuditAction | ''>('');
  const audit = useAuditLog(action || undefined);

  return (
    <section>
      <PageHeader title="Audit log" description="Sign-ins and changes made in the back-office, newest first." />
      <div className="toolbar">
        <label className="inline-field" htmlFor={filterId}>
          Action
        </label>
        <select id={filterId} value={action} onChange={(event) => setAction(event.target.value as AuditAction | '')}>
          <option value="">All actions</option>
          {auditActions.map((value) => (
            <option key={value} value={value}>
              {actionLabels[value]}
            </option>
          ))}
        </select>
        {audit.isFetching && !audit.isPending && <span className="toolbar__count">Updating...</span>}
      </div>
      {audit.isPending && <Spinner label="Loading audit log..." />}
      {audit.isError && <Alert kind="error">{errorMessage(audit.error, 'Error fetching the audit log')}</Alert>}
      {audit.data &&
        (audit.data.length === 0 ? (
          <p className="empty-state">No entries.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Address</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.map((entry) => (
                  <tr key={entry._id}>
                    <td data-label="When">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </td>
                    <td data-label="Who" className="data-table__wrap">
                      {entry.actor}
                    </td>
                    <td data-label="Action">
                      <span className={entry.action === 'login.failure' ? 'badge badge--failed' : 'badge'}>
                        {actionLabels[entry.action]}
                      </span>
                    </td>
                    <td data-label="Target" className="data-table__wrap">
                      {entry.target ?? '—'}
                    </td>
                    <td data-label="Address" className="data-table__mono">
                      {entry.address ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
