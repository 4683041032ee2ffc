import './newsletter.css';
import type { BlogPostSummary, UploadedImage } from '@cfp/shared';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNewsletter } from '../api/get-newsletter.ts';
import { NewsletterComposer } from './newsletter-composer.tsx';
import { NewsletterSends } from './newsletter-sends.tsx';

/** Without SMTP_URL nothing can go out: the screen says so, and how to set it, instead of pretending. */
function SmtpNeeded() {
  return (
    <Alert kind="info">
      <strong>Sending needs an SMTP server.</strong> Set <code>SMTP_URL</code> (for example{' '}
      <code>smtps://user:password@smtp.example.com</code>) and <code>MAIL_FROM</code> in the API's environment, then restart it.
      You can prepare and preview a newsletter now; nothing is sent until then.
    </Alert>
  );
}

/**
 * The newsletter: a published post or an announcement, previewed in both languages, tested on
 * oneself, then sent to every confirmed subscriber in their language; each send's counts live.
 * Every admin prepares; a superAdmin sends to everyone and cancels (docs/decisions/0040).
 */
export function NewsletterPage({
  publishedPosts,
  canSend,
  uploadImage,
}: {
  publishedPosts: BlogPostSummary[];
  /** A superAdmin: sends to everyone and cancels. */
  canSend: boolean;
  uploadImage: (file: File) => Promise<UploadedImage>;
}) {
  const overview = useNewsletter();
  const [searchParams] = useSearchParams();
  const chosenPost = Number(searchParams.get('post')) || undefined;

  return (
    <section className="newsletter">
      <PageHeader
        title="Newsletter"
        description="Send a published post or an announcement to the confirmed subscribers, each in their language."
      />
      {overview.isPending && <Spinner label="Loading the newsletter..." />}
      {overview.isError && <Alert kind="error">{errorMessage(overview.error, 'Failed to load the newsletter')}</Alert>}
      {overview.data && (
        <>
          {!overview.data.smtp && <SmtpNeeded />}
          <NewsletterComposer
            overview={overview.data}
            publishedPosts={publishedPosts}
            canSend={canSend}
            initialPost={chosenPost}
            uploadImage={uploadImage}
          />
          <NewsletterSends sends={overview.data.sends} canCancel={canSend} />
        </>
      )}
    </section>
  );
}
