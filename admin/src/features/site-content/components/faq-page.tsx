import './site-content.css';
import './faq.css';
import { type FaqDetails, type FaqForm, faqForm } from '@cfp/shared';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFaq } from '../api/get-faq.ts';
import { useSaveFaq } from '../api/save-faq.ts';
import { BackToContent } from './back-to-content.tsx';
import { ContentForm, readAgain } from './content-form.tsx';
import { FaqItems } from './faq-items.tsx';
import { useContentForm } from './use-content-form.ts';

const resolver = schemaResolver<FaqForm, FaqForm>(faqForm);

function FaqEditor({
  faq,
  canUndo,
  reload,
}: {
  faq: FaqDetails;
  canUndo: boolean;
  reload: () => Promise<FaqDetails | undefined>;
}) {
  const saveFaq = useSaveFaq();
  const content = useContentForm({ loaded: faq, resolver, save: saveFaq.mutateAsync });
  return (
    <ContentForm content={content} label="Questions and answers" canEdit canUndo={canUndo} reload={reload}>
      <FaqItems form={content.form} />
    </ContentForm>
  );
}

/** The FAQ page's questions and answers, saved as a whole list in its order. */
export function FaqPage({ canUndo }: { canUndo: boolean }) {
  const faq = useFaq();
  return (
    <section className="site-content">
      <BackToContent />
      <PageHeader title="FAQ" description="The questions and answers of the site’s FAQ page, in French, in the order shown." />
      {faq.isPending && <Spinner label="Loading the questions..." />}
      {!faq.data && faq.isError && <Alert kind="error">{errorMessage(faq.error, 'The questions could not be read.')}</Alert>}
      {faq.data && <FaqEditor faq={faq.data} canUndo={canUndo} reload={() => readAgain(faq.refetch)} />}
    </section>
  );
}
