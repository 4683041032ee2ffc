import './site-content.css';
import './programmes.css';
import './bilingual.css';
import {
  adminPaths,
  englishProgrammeForm,
  newEnglishProgrammeForm,
  type ProgrammeDetails,
  programmeForm,
  withEnglish,
} from '@cfp/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgramme } from '../api/get-programme.ts';
import { useProgrammes } from '../api/get-programmes.ts';
import { contentApiPaths, previewContent } from '../api/preview-content.ts';
import { useSaveProgramme } from '../api/save-programme.ts';
import { englishApart } from '../api/site-content-key.ts';
import { BackToContent } from './back-to-content.tsx';
import { EnglishStatus } from './bilingual-fields.tsx';
import { ContentForm, readAgain, type SaveAndThen } from './content-form.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { ConfirmedField } from './programme-facts-fields.tsx';
import { NewEnglishTextFields } from './programme-new-english.tsx';
import { ProgrammePicture } from './programme-picture.tsx';
import { ProgrammeRetirement } from './programme-retirement.tsx';
import { ProgrammeFactsAndTexts, today } from './programme-sections.tsx';
import { type LoadedContent, useContentForm } from './use-content-form.ts';

interface ProgrammeEditorProps {
  programme: ProgrammeDetails;
  canUndo: boolean;
  reload: () => Promise<ProgrammeDetails | undefined>;
}

/** The programme as the form holds it: its French values with the English ones beside them. */
const programmeValues = (programme: ProgrammeDetails): LoadedContent<ProgrammeValues> => ({
  values: { ...programme.values, english: programme.english.values, englishUpToDate: false },
  revision: programme.revision,
});

/**
 * "Save and open the next unconfirmed programme": the first unconfirmed one after this programme
 * in the list's order (from the top again past the end), opened once the save went through and
 * the form holds no unsaved change (or the question before leaving would stop it).
 */
function useSaveAndOpenNext(slug: string, dirty: boolean, saving: boolean): SaveAndThen | undefined {
  const programmes = useProgrammes().data?.programmes ?? [];
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  useEffect(() => {
    if (opening && !dirty && !saving) navigate(adminPaths.content.programme(opening));
  }, [opening, dirty, saving, navigate]);

  const here = programmes.findIndex((programme) => programme.slug === slug);
  const after = [...programmes.slice(here + 1), ...programmes.slice(0, Math.max(here, 0))];
  const next = after.find((programme) => !programme.confirmed && !programme.retired && programme.slug !== slug);
  return next && { label: 'Save and open the next unconfirmed programme', afterSave: () => setOpening(next.slug) };
}

function ProgrammeEditor({ programme, canUndo, reload }: ProgrammeEditorProps) {
  const saveProgramme = useSaveProgramme();
  const siteUrl = useSiteStatus().data?.siteUrl;
  const status = programme.english.status;
  // Past intakes are refused from the day the form is opened; a new English text may be left blank.
  // (A new English text left blank comes out undefined: the save then sends no English.)
  const [resolver] = useState(() => {
    const english = status === 'missing' ? newEnglishProgrammeForm : englishProgrammeForm;
    const schema = withEnglish(programmeForm(today()), english) as { parse(value: unknown): unknown };
    return schemaResolver<ProgrammeValues, ProgrammeValues>(schema as { parse(value: unknown): ProgrammeValues });
  });
  const loaded = useMemo(() => programmeValues(programme), [programme]);
  const content = useContentForm({
    loaded,
    resolver,
    save: (request) => saveProgramme.mutateAsync({ slug: programme.slug, request: englishApart(request) }),
    preview: (request) => previewContent(contentApiPaths.programme(programme.slug), englishApart(request)),
  });
  const saveAndOpenNext = useSaveAndOpenNext(programme.slug, content.dirty, content.saving);
  const fields = { form: content.form };
  const englishPage = programme.english.path && siteUrl !== undefined ? `${siteUrl}${programme.english.path}` : undefined;
  return (
    <ContentForm
      content={content}
      label={programme.title}
      canEdit
      canUndo={canUndo}
      reload={async () => {
        const fresh = await reload();
        return fresh && programmeValues(fresh);
      }}
      saveAndThen={saveAndOpenNext}
    >
      <ConfirmedField {...fields} />
      <EnglishStatus form={content.form} status={status} pageUrl={englishPage} />
      <ProgrammeFactsAndTexts {...fields} />
      {programme.english.toTranslate && (
        <NewEnglishTextFields {...fields} toTranslate={programme.english.toTranslate} frenchPath={programme.path} />
      )}
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

/**
 * One programme's facts and texts; every admin may save them. Undoing a change and taking the
 * programme off the site are for superAdmins.
 */
export function ProgrammePage({ canUndo, canRetire }: { canUndo: boolean; canRetire: boolean }) {
  const { slug = '' } = useParams();
  const programme = useProgramme(slug);
  const title = programme.data?.title ?? 'Programme';
  return (
    <section className="site-content">
      <BackToContent to={adminPaths.content.programmes} label="Programmes" />
      <PageHeader
        title={title}
        description={
          programme.data
            ? `${programme.data.departmentTitle}: the facts of its pages, and their texts in French and in English.`
            : undefined
        }
        actions={programme.data && <ViewPageLink path={programme.data.path} />}
      />
      {programme.data?.retired && (
        <Alert kind="info">
          Off the site: its pages lead to the {programme.data.departmentTitle} page and it takes no pre-enrolment.
        </Alert>
      )}
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
      {programme.data && canRetire && (
        <>
          <ProgrammePicture key={`${programme.data.slug}-picture`} programme={programme.data} />
          <ProgrammeRetirement key={`${programme.data.slug}-retirement`} programme={programme.data} />
        </>
      )}
    </section>
  );
}
