import type { ApplicationSummary } from '@cfp/shared';
import { LanguageMarker } from '../../../components/language-marker.tsx';
import { formatDate } from '../../../lib/format.ts';
import { fullName, statusLabels } from '../application-labels.ts';

interface ApplicationListProps {
  /** One page of the applications the search and filters select, newest first. */
  visible: ApplicationSummary[];
  /** Whether a search or filter is set, to tell "none yet" from "none in this view". */
  filtered: boolean;
  openId: number | null;
  /** Applications whose follow-up was changed here and not saved yet. */
  unsavedIds: number[];
  onOpen: (id: number) => void;
}

export function ApplicationList({ visible, filtered, openId, unsavedIds, onOpen }: ApplicationListProps) {
  if (visible.length === 0) {
    return <p className="empty-state">{filtered ? 'No applications match this search.' : 'No applications yet.'}</p>;
  }
  return (
    <ul className="inbox__list" aria-label="Applications, newest first">
      {visible.map((application) => (
        <li key={application._id}>
          <button
            type="button"
            className={[
              'inbox__item',
              application.status === 'new' ? 'is-unread' : '',
              application._id === openId ? 'is-open' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-current={application._id === openId ? 'true' : undefined}
            data-application={application._id}
            onClick={() => onOpen(application._id)}
          >
            <span className="inbox__item-head">
              <span className="inbox__name">{fullName(application)}</span>
              <time className="inbox__date" dateTime={application.createdAt}>
                {formatDate(application.createdAt)}
              </time>
            </span>
            <span className="inbox__programme">{application.programmeTitle}</span>
            <span className="application-item__foot">
              <span className={`badge badge--${application.status}`}>{statusLabels[application.status]}</span>
              <span className="application-item__reference">{application.reference}</span>
              <LanguageMarker language={application.language} />
              {application.repeatOf && <span className="badge badge--repeat">Repeat of {application.repeatOf.reference}</span>}
              <span className="application-item__town">{application.town}</span>
              {unsavedIds.includes(application._id) && <span className="badge badge--pending">Not saved yet</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
