import './site-content.css';
import './programmes.css';
import { contentFormPaths, type ProgrammeDetails, type ProgrammeForm, programmeForm } from '@cfp/shared';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgramme } from '../api/get-programme.ts';
import { useSaveProgramme } from '../api/save-programme.ts';
import { BackToContent } from './back-to-content.tsx';
import { ContentForm, readAgain } from './content-form.tsx';
import {
  ConfirmedField,
  DiplomaFields,
  DurationAndLevelFields,
  EnrolmentFields,
  FeeFields,
  ScheduleFields,
} from './programme-facts-fields.tsx';
import { ProgrammeTextFields } from './programme-text-fields.tsx';
import { useContentForm } from './use-content-form.ts';

/** Today in this browser, as the schema compares intake dates: 2026-11-23. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface ProgrammeEditorProps {
  programme: ProgrammeDetails;
  canUndo: boolean;
  reload: () => Promise<ProgrammeDetails | undefined>;
}

function ProgrammeEditor({ programme, canUndo, reload }: ProgrammeEditorProps) {
  const saveProgramme = useSaveProgramme();
  // Past intakes are refused from the day the form is opened.
  const [resolver] = useState(() => schemaResolver<ProgrammeForm, ProgrammeForm>(programmeForm(today())));
  const content = useContentForm({
    loaded: programme,
    resolver,
    save: (request) => saveProgramme.mutateAsync({ slug: programme.slug, request }),
  });
  const fields = { form: content.form };
  return (
    <ContentForm content={content} label={programme.title} canEdit canUndo={canUndo} reload={reload}>
      <DurationAndLevelFields {...fields} />
      <DiplomaFields {...fields} />
      <ScheduleFields {...fields} />
      <FeeFields {...fields} />
      <EnrolmentFields {...fields} />
      <ConfirmedField {...fields} />
      <ProgrammeTextFields {...fields} />
    </ContentForm>
  );
}

function ViewPageLink({ path }: { path: string }) {
  const siteUrl = useSiteStatus().data?.siteUrl;
  if (siteUrl === undefined) return null;
  return (
    <a className="button button--secondary" href={`${siteUrl}${path}`}>
      View the page
    </a>
  );
}

/** One programme's facts and texts; every admin may save them. */
export function ProgrammePage({ canUndo }: { canUndo: boolean }) {
  const { slug = '' } = useParams();
  const programme = useProgramme(slug);
  const title = programme.data?.title ?? 'Programme';
  return (
    <section className="site-content">
      <BackToContent to={contentFormPaths.programmes} label="Programmes" />
      <PageHeader
        title={title}
        description={programme.data ? `${programme.data.departmentTitle}: the facts and texts of its page.` : undefined}
        actions={programme.data && <ViewPageLink path={programme.data.path} />}
      />
      {programme.isPending && <Spinner label="Loading the programme..." />}
      {!programme.data && programme.isError && (
        <Alert kind="error">{errorMessage(programme.error, 'The programme could not be read.')}</Alert>
      )}
      {programme.data && (
        <ProgrammeEditor
          key={programme.data.slug}
          programme={programme.data}
          canUndo={canUndo}
          reload={() => readAgain(programme.refetch)}
        />
      )}
    </section>
  );
}
