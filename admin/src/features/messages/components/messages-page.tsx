import { adminMessages, type ContactMessage } from '@cfp/shared';
import './messages-page.css';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useMessages } from '../api/get-messages.ts';
import { useUpdateMessage } from '../api/update-message.ts';
import { type MessageFilter, MessageFilters } from './message-filters.tsx';
import { MessageList } from './message-list.tsx';
import { fullName } from './message-name.ts';
import { MessageReader } from './message-reader.tsx';

function newestFirst(a: ContactMessage, b: ContactMessage): number {
  return b.createdAt.localeCompare(a.createdAt);
}

export function MessagesPage() {
  const messages = useMessages();
  const updateMessage = useUpdateMessage();
  const deleteMessage = useDeleteMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filter, setFilter] = useState<MessageFilter>('all');
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
        showFlash('success', adminMessages.messageDeleted);
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
            <MessageFilters value={filter} onChange={setFilter} />
            <MessageList visible={visible} total={sorted.length} openId={openId} onOpen={openMessage} />
          </div>
          <div className="inbox__reader">
            {open ? (
              <MessageReader
                open={open}
                updating={updateMessage.isPending}
                onBack={() => openMessage(null)}
                onStatus={(status, success) => setStatus(open, status, success)}
                onDelete={() => setConfirmingDelete(true)}
              />
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
