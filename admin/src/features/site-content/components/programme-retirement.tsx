import type { ContentSaveResponse, ProgrammeDetails } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRetireProgramme } from '../api/retire-programme.ts';
import { SaveOutcome } from './save-outcome.tsx';

/** What taking the programme off the site does, said before it is done. */
function retireMessage(programme: ProgrammeDetails): string {
  return (
    `Its pages in French and in English will lead to the ${programme.departmentTitle} page, it leaves the lists and ` +
    'the finder, and it takes no more pre-enrolments. Its texts and history are kept: you can put it back at any time.'
  );
}

/**
 * Taking the programme off the site, or putting it back (superAdmins): asked first, then one
 * commit, whose publication is followed like a save's.
 */
export function ProgrammeRetirement({ programme }: { programme: ProgrammeDetails }) {
  const retire = useRetireProgramme();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<ContentSaveResponse | null>(null);
  const retiring = !programme.retired;

  const change = () => {
    setOutcome(null);
    retire.mutate(
      { slug: programme.slug, request: { retired: retiring, version: programme.revision.version } },
      { onSuccess: setOutcome, onSettled: () => setAsking(false) },
    );
  };

  return (
    <section className="programme-retirement" aria-labelledby="programme-retirement-title">
      <h2 id="programme-retirement-title">{programme.retired ? 'Off the site' : 'On the site'}</h2>
      <p className="programme-retirement__text">
        {programme.retired
          ? `This programme is off the site: its addresses lead to the ${programme.departmentTitle} page.`
          : 'A programme the centre no longer offers can be taken off the site, and put back later.'}
      </p>
      {outcome && <Alert kind="success">{outcome.message}.</Alert>}
      <div role="status">{outcome && <SaveOutcome key={outcome.commit} outcome={outcome} />}</div>
      {retire.isError && !asking && (
        <Alert kind="error">{errorMessage(retire.error, 'The programme could not be changed.')}</Alert>
      )}
      <button
        type="button"
        className={`button ${retiring ? 'button--danger' : ''}`}
        onClick={() => setAsking(true)}
        disabled={retire.isPending}
      >
        {retiring ? 'Take off the site' : 'Put back on the site'}
      </button>
      {asking && (
        <ConfirmDialog
          title={retiring ? `Take ${programme.title} off the site?` : `Put ${programme.title} back on the site?`}
          message={
            retiring
              ? retireMessage(programme)
              : 'Its pages, in French and in English, come back as they were, and it takes pre-enrolments again.'
          }
          confirmLabel={retiring ? 'Take off the site' : 'Put back'}
          busyLabel={retiring ? 'Taking off...' : 'Putting back...'}
          busy={retire.isPending}
          danger={retiring}
          onConfirm={change}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
