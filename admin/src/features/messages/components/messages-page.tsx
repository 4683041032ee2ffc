import { adminMessages, type ContactMessage, type MessageStatus, messageStatuses } from '@cfp/shared';
import '../../../styles/inbox.css';
import './messages-page.css';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useMessage, useMessageCount, useMessages } from '../api/get-messages.ts';
import { useUpdateMessage } from '../api/update-message.ts';
import { type MessageFilter, MessageFilters } from './message-filters.tsx';
import { fullName } from './message-labels.ts';
import { MessageList } from './message-list.tsx';
import { MessageReader } from './message-reader.tsx';

/** The filter the URL holds (?status=new); anything else is every message. */
function readFilter(params: URLSearchParams): MessageFilter {
  const status = params.get('status');
  return messageStatuses.find((known) => known === status) ?? 'all';
}

export function MessagesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const filter = readFilter(searchParams);
  const messages = useMessages({ status: filter === 'all' ? undefined : filter, page });
  const unread = useMessageCount('new').data?.count;
  const total = useMessageCount().data?.count;
  const openId = Number(searchParams.get('open')) || null;
  const open = useMessage(openId).data ?? null;
  const updateMessage = useUpdateMessage();
  const deleteMessage = useDeleteMessage();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [flash, showFlash] = useFlashMessage(3000);
  const markedRead = useRef(new Set<number>());

  const changeParams = (changes: Record<string, string | null>, replace = false) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace, preventScrollReset: true },
    );
  const openMessage = (id: number | null) => changeParams({ open: id ? String(id) : null }, Boolean(openId));
  const changeFilter = (next: MessageFilter) => changeParams({ status: next === 'all' ? null : next, page: null }, true);

  const setStatus = (message: ContactMessage, status: MessageStatus, success?: string) =>
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
        description={
          unread !== undefined && total !== undefined
            ? `Contact form enquiries: ${unread} unread of ${total}.`
            : 'Contact form enquiries.'
        }
      />
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {messages.isPending && <Spinner label="Loading messages..." />}
      {messages.isError && <Alert kind="error">{errorMessage(messages.error, 'Error fetching messages')}</Alert>}
      {messages.data && (
        <div className="inbox__panes">
          <div className="inbox__list-pane">
            <MessageFilters value={filter} onChange={changeFilter} />
            <MessageList visible={messages.data.items} total={total ?? 0} openId={openId} onOpen={openMessage} />
            <Pager label="Messages" page={page} pageSize={messages.data.pageSize} total={messages.data.total} onPage={setPage} />
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
