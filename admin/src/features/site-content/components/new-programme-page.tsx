import './site-content.css';
import './programmes.css';
import './bilingual.css';
import {
  adminPaths,
  blankWeeklyHours,
  type ContentSaveResponse,
  createdEnglishProgrammeForm,
  type DepartmentChoice,
  newProgrammeForm,
  withEnglish,
} from '@cfp/shared';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCreateProgramme } from '../api/create-programme.ts';
import { useProgrammes } from '../api/get-programmes.ts';
import { BackToContent } from './back-to-content.tsx';
import { focusFirstError } from './field-focus.ts';
import { ProgrammeIdentityFields, ProgrammePageTextFields } from './new-programme-fields.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { ConfirmedField } from './programme-facts-fields.tsx';
import { ProgrammeFactsAndTexts, today } from './programme-sections.tsx';
import { SaveOutcome } from './save-outcome.tsx';

const blankHighlights = () => [0, 1, 2, 3].map(() => ({ title: '', text: '' }));

/** An empty programme, its lists as long as the fewest the site takes. */
function blankProgramme(): ProgrammeValues {
  const blanks = (count: number) => Array.from({ length: count }, () => '');
  return {
    slug: '',
    title: '',
    department: '',
    durationMonths: '',
    entryLevel: 'cep',
    diplomaType: 'DQP',
    diplomaName: '',
    diplomaAwardedBy: '',
    schedules: [],
    scheduleHours: { jour: blankWeeklyHours(), soir: blankWeeklyHours(), weekend: blankWeeklyHours() },
    registrationFee: '',
    tuitionFee: '',
    instalments: '',
    intakes: [],
    enrolmentDocuments: [],
    confirmed: false,
    summary: '',
    job: '',
    skills: blanks(6),
    outlets: blanks(4),
    heroTitle: '',
    heroSubtitle: '',
    admission: blanks(2),
    highlights: blankHighlights(),
    trades: blanks(1),
    english: {
      slug: '',
      title: '',
      diplomaName: '',
      diplomaAwardedBy: '',
      enrolmentDocuments: [],
      summary: '',
      job: '',
      skills: blanks(6),
      outlets: blanks(4),
      heroTitle: '',
      heroSubtitle: '',
      admission: blanks(2),
      highlights: blankHighlights(),
      trades: blanks(1),
    },
    englishUpToDate: true,
  };
}

function NewProgrammeForm({ departments }: { departments: DepartmentChoice[] }) {
  const create = useCreateProgramme();
  const [resolver] = useState(() =>
    schemaResolver<ProgrammeValues, ProgrammeValues>(
      withEnglish(newProgrammeForm(today()), createdEnglishProgrammeForm) as unknown as {
        parse(value: unknown): ProgrammeValues;
      },
    ),
  );
  const form = useForm<ProgrammeValues, unknown, ProgrammeValues>({
    defaultValues: blankProgramme(),
    resolver,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<ContentSaveResponse | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [focusDue, setFocusDue] = useState(0);
  useEffect(() => {
    if (focusDue > 0) focusFirstError(formRef.current);
  }, [focusDue]);

  const submit = form.handleSubmit(
    async ({ english, englishUpToDate: _upToDate, ...values }) => {
      setRefusal(null);
      try {
        const outcome = await create.mutateAsync({ values, english });
        form.reset(form.getValues());
        setCreated(outcome);
      } catch (error) {
        for (const [name, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
          form.setError(name as Path<ProgrammeValues>, { type: 'server', message });
        }
        setRefusal(errorMessage(error, 'The programme could not be added.'));
        setFocusDue((count) => count + 1);
      }
    },
    () => setFocusDue((count) => count + 1),
  );

  if (created) {
    const slug = form.getValues('slug') ?? '';
    return (
      <div className="new-programme-done">
        <Alert kind="success">{created.message}.</Alert>
        <div role="status">
          <SaveOutcome key={created.commit} outcome={created} />
        </div>
        <Link className="button button--secondary" to={adminPaths.content.programme(slug)}>
          Open its form
        </Link>
      </div>
    );
  }

  const fields = { form };
  return (
    <form ref={formRef} className="content-form" aria-label="New programme" noValidate onSubmit={submit}>
      <UnsavedChangesPrompt when={form.formState.isDirty && !create.isPending} />
      {refusal && <Alert kind="error">{refusal}</Alert>}
      <ProgrammeIdentityFields {...fields} departments={departments} />
      <ConfirmedField {...fields} />
      <ProgrammeFactsAndTexts {...fields} />
      <ProgrammePageTextFields {...fields} />
      <div className="content-actions">
        <div className="content-actions__bar">
          <p className="content-actions__state">{create.isPending ? 'Adding…' : ''}</p>
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add the programme'}
          </button>
        </div>
      </div>
    </form>
  );
}

/** A new programme, in French and in English, written from one form (superAdmins). */
export function NewProgrammePage() {
  const programmes = useProgrammes();
  return (
    <section className="site-content">
      <BackToContent to={adminPaths.content.programmes} label="Programmes" />
      <PageHeader
        title="New programme"
        description="Its page in French and in English, with its facts. It is published with the save, not confirmed until you tick it."
      />
      {programmes.isPending && <Spinner label="Loading the departments..." />}
      {!programmes.data && programmes.isError && (
        <Alert kind="error">{errorMessage(programmes.error, 'The departments could not be read.')}</Alert>
      )}
      {programmes.data && <NewProgrammeForm departments={programmes.data.departments} />}
    </section>
  );
}
