import './site-content.css';
import './faq.css';
import './bilingual.css';
import { englishFaqForm, type FaqDetails, faqForm, withEnglish } from '@cfp/shared';
import { useMemo } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFaq } from '../api/get-faq.ts';
import { contentApiPaths, previewContent } from '../api/preview-content.ts';
import { useSaveFaq } from '../api/save-faq.ts';
import { englishApart } from '../api/site-content-key.ts';
import { BackToContent } from './back-to-content.tsx';
import { EnglishStatus } from './bilingual-fields.tsx';
import { ContentForm, readAgain } from './content-form.tsx';
import { FaqItems, type FaqValues } from './faq-items.tsx';
import { useContentForm } from './use-content-form.ts';

const resolver = schemaResolver<FaqValues, FaqValues>(withEnglish(faqForm, englishFaqForm));

/** The FAQ as the form holds it: the two lists side by side, the shorter one given blank items (to fill in, or delete). */
function faqValues(faq: FaqDetails) {
  const count = Math.max(faq.values.items.length, faq.english.values.items.length);
  const padded = (items: FaqDetails['values']['items']) => [
    ...items,
    ...Array.from({ length: count - items.length }, () => ({ question: '', answer: '' })),
  ];
  return {
    values: { items: padded(faq.values.items), english: { items: padded(faq.english.values.items) }, englishUpToDate: false },
    revision: faq.revision,
  };
}

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
  const loaded = useMemo(() => faqValues(faq), [faq]);
  const content = useContentForm({
    loaded,
    resolver,
    save: (request) => saveFaq.mutateAsync(englishApart(request)),
    preview: (request) => previewContent(contentApiPaths.faq, englishApart(request)),
  });
  return (
    <ContentForm
      content={content}
      label="Questions and answers"
      canEdit
      canUndo={canUndo}
      reload={async () => {
        const fresh = await reload();
        return fresh && faqValues(fresh);
      }}
    >
      <EnglishStatus form={content.form} status={faq.english.status} />
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
      <PageHeader
        title="FAQ"
        description="The questions and answers of the site’s FAQ pages, in French and in English, in the order shown."
      />
      {faq.isPending && <Spinner label="Loading the questions..." />}
      {!faq.data && faq.isError && <Alert kind="error">{errorMessage(faq.error, 'The questions could not be read.')}</Alert>}
      {faq.data && <FaqEditor faq={faq.data} canUndo={canUndo} reload={() => readAgain(faq.refetch)} />}
    </section>
  );
}
