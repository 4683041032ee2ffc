import {
  type BlogPostSummary,
  type NewsletterOverview,
  type NewsletterPreview,
  type NewsletterSource,
  newsletterAnnouncement,
  type UploadedImage,
} from '@cfp/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePreviewNewsletter } from '../api/preview-newsletter.ts';
import { useSendNewsletter, useSendNewsletterTest } from '../api/send-newsletter.ts';
import { AnnouncementFields, type AnnouncementValues, emptyAnnouncement } from './announcement-fields.tsx';
import { NewsletterPreviewPanel } from './newsletter-preview-panel.tsx';

type Kind = NewsletterSource['kind'];

const announcementResolver = schemaResolver<AnnouncementValues, Omit<NewsletterSource & { kind: 'announcement' }, 'kind'>>(
  newsletterAnnouncement.omit({ kind: true }),
  ['subjectEn', 'htmlEn'],
);

/** The announcement as the API takes it: an English part left blank is not sent. */
function announcementSource(values: AnnouncementValues): NewsletterSource {
  const english = values.subjectEn.trim() || values.htmlEn.trim() ? { subjectEn: values.subjectEn, htmlEn: values.htmlEn } : {};
  return { kind: 'announcement', subject: values.subject, html: values.html, ...english };
}

/** The day each post went out, from the sends listed. */
function sentDays(overview: NewsletterOverview): Map<number, string> {
  const days = new Map<number, string>();
  for (const send of [...overview.sends].reverse()) if (send.postId !== null) days.set(send.postId, send.createdAt);
  return days;
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-GB')} ${word}${count === 1 ? '' : 's'}`;

interface NewsletterComposerProps {
  overview: NewsletterOverview;
  publishedPosts: BlogPostSummary[];
  canSend: boolean;
  initialPost: number | undefined;
  uploadImage: (file: File) => Promise<UploadedImage>;
}

/**
 * Prepares one send: a published post or an announcement, its preview in both languages (what the
 * API would send, not an imitation), a test to oneself, then the send to every confirmed subscriber.
 * Any change to what is sent puts the preview away, so what was checked is what goes out.
 */
export function NewsletterComposer({ overview, publishedPosts, canSend, initialPost, uploadImage }: NewsletterComposerProps) {
  const [kind, setKind] = useState<Kind>('post');
  const [chosenPost, setChosenPost] = useState(initialPost);
  const [previewed, setPreviewed] = useState<{ source: NewsletterSource; preview: NewsletterPreview }>();
  const [confirming, setConfirming] = useState<'send' | 'again' | null>(null);
  const [againReason, setAgainReason] = useState('');
  const [flash, showFlash] = useFlashMessage(8000);
  const form = useForm<AnnouncementValues, unknown, Omit<NewsletterSource & { kind: 'announcement' }, 'kind'>>({
    resolver: announcementResolver,
    defaultValues: emptyAnnouncement,
  });
  const preview = usePreviewNewsletter();
  const test = useSendNewsletterTest();
  const send = useSendNewsletter();
  const pickerId = useId();
  const postId = chosenPost ?? publishedPosts[0]?._id;
  const sentOn = sentDays(overview);

  useEffect(() => {
    const watching = form.watch(() => setPreviewed(undefined));
    return () => watching.unsubscribe();
  }, [form]);

  const showPreview = (source: NewsletterSource) =>
    preview.mutate(source, {
      onSuccess: (answer) => setPreviewed({ source, preview: answer }),
      onError: (error) => {
        for (const [path, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
          const field = path.split('.').pop() as keyof AnnouncementValues;
          if (field in emptyAnnouncement) form.setError(field, { message });
        }
      },
    });

  const onPreview = () => {
    if (kind === 'announcement')
      void form.handleSubmit((values) => showPreview(announcementSource({ ...emptyAnnouncement, ...values })))();
    else if (postId !== undefined) showPreview({ kind: 'post', postId });
  };

  const sendToAll = (again: boolean) => {
    if (!previewed) return;
    send.mutate(
      { source: previewed.source, ...(again ? { again } : {}) },
      {
        onSuccess: (started) => {
          setConfirming(null);
          setPreviewed(undefined);
          if (kind === 'announcement') form.reset(emptyAnnouncement);
          showFlash(
            'success',
            `Sending “${started.subject}” to ${plural(started.recipients, 'subscriber')}. The counts below follow it.`,
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && !again) {
            setAgainReason(error.message);
            setConfirming('again');
            return;
          }
          setConfirming(null);
          showFlash('error', errorMessage(error, 'Failed to send the newsletter'));
        },
      },
    );
  };

  const sendTest = () => {
    if (!previewed) return;
    test.mutate(previewed.source, {
      onSuccess: (answer) => showFlash('success', answer.message),
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to send the test')),
    });
  };

  const { recipients } = previewed?.preview ?? overview;
  const choose = (next: Kind) => {
    setKind(next);
    setPreviewed(undefined);
  };

  return (
    <section className="panel newsletter__composer" aria-labelledby={`${pickerId}-title`}>
      <h2 id={`${pickerId}-title`}>New newsletter</h2>
      <p className="newsletter__recipients">
        {plural(recipients.total, 'confirmed subscriber')}: {recipients.fr.toLocaleString('en-GB')} in French,{' '}
        {recipients.en.toLocaleString('en-GB')} in English.
      </p>
      <fieldset className="newsletter__kind">
        <legend>What to send</legend>
        <label>
          <input type="radio" name="newsletter-kind" checked={kind === 'post'} onChange={() => choose('post')} /> A published post
        </label>
        <label>
          <input type="radio" name="newsletter-kind" checked={kind === 'announcement'} onChange={() => choose('announcement')} />{' '}
          An announcement
        </label>
      </fieldset>
      {kind === 'post' ? (
        publishedPosts.length === 0 ? (
          <p className="empty-state">No post is published yet: publish one in Blogs, or write an announcement.</p>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={pickerId}>
              Post
            </label>
            <select
              id={pickerId}
              value={postId}
              onChange={(event) => {
                setChosenPost(Number(event.target.value));
                setPreviewed(undefined);
              }}
            >
              {publishedPosts.map((post) => (
                <option key={post._id} value={post._id}>
                  {post.title}
                  {sentOn.has(post._id) ? ` (sent on ${formatDate(sentOn.get(post._id))})` : ''}
                </option>
              ))}
            </select>
            <p className="field__hint">
              Sent as it is now. English subscribers get its English version, or the French one with a line saying so.
            </p>
          </div>
        )
      ) : (
        <AnnouncementFields form={form} uploadImage={uploadImage} />
      )}
      <div className="newsletter__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onPreview}
          disabled={preview.isPending || (kind === 'post' && postId === undefined)}
        >
          {preview.isPending ? 'Preparing the preview...' : 'Preview'}
        </button>
      </div>
      {preview.isError && !(preview.error instanceof ApiError && preview.error.fields) && (
        <Alert kind="error">{errorMessage(preview.error, 'Failed to prepare the preview')}</Alert>
      )}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {previewed && (
        <>
          <NewsletterPreviewPanel preview={previewed.preview} />
          <div className="newsletter__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={sendTest}
              disabled={!overview.smtp || test.isPending}
            >
              {test.isPending ? 'Sending the test...' : 'Send a test to me'}
            </button>
            {canSend ? (
              <button
                type="button"
                className="button"
                onClick={() => setConfirming('send')}
                disabled={!overview.smtp || recipients.total === 0}
              >
                Send to {plural(recipients.total, 'subscriber')}
              </button>
            ) : (
              <p className="field__hint">Only a super admin can send to every subscriber: ask one once your test looks right.</p>
            )}
          </div>
        </>
      )}
      {confirming && previewed && (
        <ConfirmDialog
          title={confirming === 'again' ? 'Send it again?' : 'Send the newsletter?'}
          message={
            confirming === 'again'
              ? `${againReason} Send it again to ${plural(recipients.total, 'subscriber')}? Those who got it before get it twice.`
              : `“${previewed.preview.fr.subject}” goes to ${plural(recipients.total, 'confirmed subscriber')}, each once, in their language. A send under way can be cancelled, but what has gone cannot be taken back.`
          }
          confirmLabel={confirming === 'again' ? 'Send again' : `Send to ${plural(recipients.total, 'subscriber')}`}
          busyLabel="Sending..."
          busy={send.isPending}
          danger={false}
          onConfirm={() => sendToAll(confirming === 'again')}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
