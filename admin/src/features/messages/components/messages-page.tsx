import type { ContactMessage } from '@cfp/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useMessages } from '../api/get-messages.ts';
import { useUpdateMessage } from '../api/update-message.ts';

type Filter = 'all' | ContactMessage['status'];

const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'handled', label: 'Handled' },
];

const statusLabels: Record<ContactMessage['status'], string> = { new: 'Unread', read: 'Read', handled: 'Handled' };

function fullName(message: ContactMessage): string {
  return `${message.firstName} ${message.lastName}`.trim();
}

function newestFirst(a: ContactMessage, b: ContactMessage): number {
  return b.createdAt.localeCompare(a.createdAt);
}

function Forwarding({ message }: { message: ContactMessage }) {
  switch (message.forwarding) {
    case 'sent':
      return <p className="forwarding forwarding--sent">Forwarded by e-mail to the centre's inbox.</p>;
    case 'pending':
      return <p className="forwarding">Being forwarded by e-mail...</p>;
    case 'not_configured':
      return <p className="forwarding">Not forwarded: e-mail sending is not configured on the server.</p>;
    case 'failed':
      return (
        <Alert kind="error">
          <strong>E-mail forwarding failed.</strong> Reply to the visitor directly.
          {message.forwardingError && <span className="alert__detail">{message.forwardingError}</span>}
        </Alert>
      );
  }
}

export function MessagesPage() {
  const messages = useMessages();
  const updateMessage = useUpdateMessage();
  const deleteMessage = useDeleteMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<Filter>('all');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [flash, showFlash] = useFlashMessage(3000);
  const markedRead = useRef(new Set<number>());

  const openId = Number(searchParams.get('open')) || null;
  const sorted = [...(messages.data ?? [])].sort(newestFirst);
  const visible = filter === 'all' ? sorted : sorted.filter((message) => message.status === filter);
  const open = sorted.find((message) => message._id === openId) ?? null;
  const unread = sorted.filter((message) => message.status === 'new').length;

  const openMessage = (id: number | null) =>
    setSearchParams(id ? { open: String(id) } : {}, { replace: Boolean(openId), preventScrollReset: true });

  const setStatus = (message: ContactMessage, status: ContactMessage['status'], success?: string) =>
    updateMessage.mutate(
      { id: message._id, input: { status } },
      {
        onSuccess: () => success && showFlash('success', success),
        onError: (error) => showFlash('error', errorMessage(error, 'Failed to update message')),
      },
    );

  // Opening an unread message marks it read, once.
  useEffect(() => {
    if (open?.status !== 'new' || markedRead.current.has(open._id)) return;
    markedRead.current.add(open._id);
    updateMessage.mutate({ id: open._id, input: { status: 'read' } });
  }, [open, updateMessage.mutate]);

  const confirmDelete = (message: ContactMessage) =>
    deleteMessage.mutate(message._id, {
      onSuccess: () => {
        showFlash('success', 'Message deleted');
        openMessage(null);
      },
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to delete message')),
      onSettled: () => setConfirmingDelete(false),
    });

  return (
    <section className={open ? 'inbox inbox--reading' : 'inbox'}>
      <PageHeader
        title="Messages"
        description={messages.data ? `Contact form enquiries: ${unread} unread of ${sorted.length}.` : 'Contact form enquiries.'}
      />
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {messages.isPending && <Spinner label="Loading messages..." />}
      {messages.isError && <Alert kind="error">{errorMessage(messages.error, 'Error fetching messages')}</Alert>}
      {messages.data && (
        <div className="inbox__panes">
          <div className="inbox__list-pane">
            <fieldset className="segmented">
              <legend className="visually-hidden">Show</legend>
              {filters.map((item) => (
                <label key={item.value} className={filter === item.value ? 'segmented__option is-active' : 'segmented__option'}>
                  <input
                    type="radio"
                    name="message-filter"
                    value={item.value}
                    checked={filter === item.value}
                    onChange={() => setFilter(item.value)}
                  />
                  {item.label}
                </label>
              ))}
            </fieldset>
            {visible.length === 0 ? (
              <p className="empty-state">{sorted.length === 0 ? 'No messages yet.' : 'No messages in this view.'}</p>
            ) : (
              <ul className="inbox__list" aria-label="Messages, newest first">
                {visible.map((message) => (
                  <li key={message._id}>
                    <button
                      type="button"
                      className={[
                        'inbox__item',
                        message.status === 'new' ? 'is-unread' : '',
                        message._id === openId ? 'is-open' : '',
                      ].join(' ')}
                      aria-current={message._id === openId ? 'true' : undefined}
                      onClick={() => openMessage(message._id)}
                    >
                      <span className="inbox__item-head">
                        <span className="inbox__name">
                          {message.status === 'new' && <span className="visually-hidden">Unread: </span>}
                          {fullName(message)}
                        </span>
                        <time className="inbox__date" dateTime={message.createdAt}>
                          {formatDateTime(message.createdAt)}
                        </time>
                      </span>
                      {message.programme && <span className="inbox__programme">{message.programme}</span>}
                      <span className="inbox__snippet">{message.message}</span>
                      <span className="inbox__flags">
                        {message.status === 'handled' && <span className="badge badge--handled">Handled</span>}
                        {message.forwarding === 'failed' && <span className="badge badge--failed">Forwarding failed</span>}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="inbox__reader">
            {open ? (
              <article className="message" aria-labelledby="message-title">
                <button type="button" className="back-link inbox__back" onClick={() => openMessage(null)}>
                  <span aria-hidden="true">←</span> Back to messages
                </button>
                <header className="message__header">
                  <h2 id="message-title">{fullName(open)}</h2>
                  <span className={`badge badge--${open.status}`}>{statusLabels[open.status]}</span>
                </header>
                <dl className="message__meta">
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${open.email}`}>{open.email}</a>
                  </dd>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${open.phone.replace(/[^\d+]/g, '')}`}>{open.phone}</a>
                  </dd>
                  {open.programme && (
                    <>
                      <dt>Programme</dt>
                      <dd>{open.programme}</dd>
                    </>
                  )}
                  <dt>Received</dt>
                  <dd>
                    <time dateTime={open.createdAt}>{formatDateTime(open.createdAt)}</time>
                  </dd>
                </dl>
                <Forwarding message={open} />
                <p className="message__body">{open.message}</p>
                <div className="message__actions">
                  <a
                    className="button button--secondary"
                    href={`mailto:${open.email}?subject=${encodeURIComponent('Re: votre message')}`}
                  >
                    Reply by e-mail
                  </a>
                  {open.status === 'handled' ? (
                    <button type="button" className="button button--secondary" onClick={() => setStatus(open, 'read')}>
                      Reopen
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      disabled={updateMessage.isPending}
                      onClick={() => setStatus(open, 'handled', 'Message marked as handled')}
                    >
                      Mark as handled
                    </button>
                  )}
                  <button type="button" className="button button--danger-outline" onClick={() => setConfirmingDelete(true)}>
                    Delete
                  </button>
                </div>
              </article>
            ) : (
              <p className="inbox__placeholder">Select a message to read it.</p>
            )}
          </div>
        </div>
      )}
      {open && confirmingDelete && (
        <ConfirmDialog
          title="Delete message"
          message={`Are you sure you want to delete the message from ${fullName(open)}? This action cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteMessage.isPending}
          onConfirm={() => confirmDelete(open)}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}
