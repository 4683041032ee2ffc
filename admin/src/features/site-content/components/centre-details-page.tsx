import './site-content.css';
import './bilingual.css';
import { type CentreDetails, centreDetailsForm, englishCentreForm, withEnglish } from '@cfp/shared';
import { useMemo } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCentreDetails } from '../api/get-centre-details.ts';
import { contentApiPaths, previewContent } from '../api/preview-content.ts';
import { useSaveCentreDetails } from '../api/save-centre-details.ts';
import { englishApart } from '../api/site-content-key.ts';
import { BackToContent } from './back-to-content.tsx';
import {
  AddressFields,
  ApprovalFields,
  type CentreValues,
  IdentityFields,
  LegalFields,
  MessagingFields,
  PreEnrolmentFields,
  SocialFields,
} from './centre-details-fields.tsx';
import { OpeningHoursRows, PhoneRows } from './centre-list-fields.tsx';
import { ContentForm, readAgain } from './content-form.tsx';
import { missingByField } from './missing-note.tsx';
import { useContentForm } from './use-content-form.ts';

const resolver = schemaResolver<CentreValues, CentreValues>(withEnglish(centreDetailsForm, englishCentreForm));

/** The details as the form holds them: the English phones' labels follow the French phones item for item, as the check wants them. */
function centreValues(details: CentreDetails) {
  const { values, english } = details;
  return {
    values: {
      ...values,
      english: {
        ...english.values,
        phones: values.phones.map((_, index) => english.values.phones[index] ?? { label: '' }),
      },
      englishUpToDate: false,
    },
    revision: details.revision,
  };
}

interface CentreDetailsPageProps {
  /** Only a superAdmin saves the centre's details; others read them. */
  canEdit: boolean;
  canUndo: boolean;
}

function CentreDetailsEditor({
  details,
  canEdit,
  canUndo,
  reload,
}: CentreDetailsPageProps & { details: CentreDetails; reload: () => Promise<CentreDetails | undefined> }) {
  const saveDetails = useSaveCentreDetails();
  const loaded = useMemo(() => centreValues(details), [details]);
  const content = useContentForm({
    loaded,
    resolver,
    save: (request) => saveDetails.mutateAsync(englishApart(request)),
    preview: (request) => previewContent(contentApiPaths.centre, englishApart(request)),
  });
  const fields = { form: content.form, missing: missingByField(details.missing) };
  return (
    <ContentForm
      content={content}
      label="Centre details"
      canEdit={canEdit}
      canUndo={canUndo}
      readOnlyNote={canEdit ? undefined : 'Only a superAdmin can change the centre’s details.'}
      reload={async () => {
        const fresh = await reload();
        return fresh && centreValues(fresh);
      }}
    >
      <IdentityFields {...fields} />
      <PhoneRows {...fields} />
      <MessagingFields {...fields} />
      <AddressFields {...fields} />
      <OpeningHoursRows {...fields} />
      <PreEnrolmentFields {...fields} />
      <ApprovalFields {...fields} />
      <LegalFields {...fields} />
      <SocialFields {...fields} />
    </ContentForm>
  );
}

/** The centre's name, phones, address, hours, approval and networks: what every page of the site shows. */
export function CentreDetailsPage({ canEdit, canUndo }: CentreDetailsPageProps) {
  const details = useCentreDetails();
  return (
    <section className="site-content">
      <BackToContent />
      <PageHeader
        title="Centre details"
        description="The centre’s name, phones, address and links: every page of the public site shows them, its words in French and in English."
      />
      {details.isPending && <Spinner label="Loading the centre’s details..." />}
      {!details.data && details.isError && (
        <Alert kind="error">{errorMessage(details.error, 'The centre’s details could not be read.')}</Alert>
      )}
      {details.data && (
        <CentreDetailsEditor
          details={details.data}
          canEdit={canEdit}
          canUndo={canUndo}
          reload={() => readAgain(details.refetch)}
        />
      )}
    </section>
  );
}
