import { type Application, formatPhone, staffLanguageLabels } from '@cfp/shared';
import { Fragment, type ReactNode } from 'react';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { useSession } from '../../../api/validate-token.ts';
import { ContactActions } from '../../../components/contact-actions.tsx';
import { ForwardingNote } from '../../../components/forwarding-note.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  formatIntake,
  fullName,
  heardFromLabel,
  levelLabels,
  replySubject,
  scheduleLabels,
  statusLabels,
  whatsAppGreeting,
} from '../application-labels.ts';
import { ApplicationFollowUp, type FollowUpProps } from './application-follow-up.tsx';

/** The programme by its name, linked to its page on the site in the student's language: the page they pre-enrolled from. */
function ProgrammeLink({ application }: { application: Application }) {
  const site = useSiteStatus().data;
  if (!site) return application.programmeTitle;
  return <a href={`${site.siteUrl}${application.studentProgrammePath}`}>{application.programmeTitle}</a>;
}

/** How the details open another application: a real link, through the page's own navigation. */
interface OpenLinks {
  href: (id: number) => string;
  onOpen: (id: number) => void;
}

function ApplicationLinks({ links, to }: { links: OpenLinks; to: Application['repeats'] }) {
  return to.map(({ _id, reference }, index) => (
    <Fragment key={_id}>
      {index > 0 && ', '}
      <a
        href={links.href(_id)}
        onClick={(event) => {
          event.preventDefault();
          links.onOpen(_id);
        }}
      >
        {reference}
      </a>
    </Fragment>
  ));
}

interface ApplicationDetailsProps {
  application: Application;
  /** The earlier application this one repeats, and the later ones, open in place. */
  links: OpenLinks;
  /** Only superAdmins may delete (the API refuses the others). */
  canDelete: boolean;
  followUp: Omit<FollowUpProps, 'application'>;
  onBack: () => void;
  onDelete: () => void;
}

export function ApplicationDetails({ application, links, canDelete, followUp, onBack, onDelete }: ApplicationDetailsProps) {
  const { repeatOf, repeats } = application;
  const staffName = useSession().data?.username;
  const facts: [string, ReactNode][] = [
    ['Reference', application.reference],
    ['Repeat of', repeatOf ? <ApplicationLinks links={links} to={[repeatOf]} /> : null],
    ['Sent again as', repeats.length > 0 ? <ApplicationLinks links={links} to={repeats} /> : null],
    ['Programme', <ProgrammeLink application={application} />],
    ['Phone', formatPhone(application.phone)],
    ['Email', application.email ?? 'Not given'],
    ['Language', staffLanguageLabels[application.language]],
    ['Town', application.town],
    ['Level', levelLabels[application.level]],
    ['Schedule', application.schedule ? scheduleLabels[application.schedule] : 'No preference'],
    ['Intake', application.intake ? formatIntake(application.intake) : 'No preference'],
    ['Heard of us', application.heardFrom ? heardFromLabel(application.heardFrom) : 'Not said'],
    ['Received', <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>],
  ];

  return (
    <article className="message application" aria-labelledby="application-title">
      <button type="button" className="back-link inbox__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to applications
      </button>
      <header className="message__header">
        <h2 id="application-title" tabIndex={-1}>
          {fullName(application)}
        </h2>
        <span className={`badge badge--${application.status}`}>{statusLabels[application.status]}</span>
      </header>
      <dl className="message__meta">
        {facts
          .filter(([, value]) => value !== null)
          .map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
      {application.message && (
        <>
          <h3 className="application__subtitle">Message</h3>
          <p className="message__body">{application.message}</p>
        </>
      )}
      <ForwardingNote item={application} instead="Everything is here." />
      <ContactActions
        firstName={application.firstName}
        phone={application.phone}
        greeting={whatsAppGreeting(application, staffName)}
        email={application.email ? { address: application.email, subject: replySubject(application), label: 'Email' } : null}
      />
      <ApplicationFollowUp application={application} {...followUp} />
      {canDelete && (
        <div className="application__danger">
          <button type="button" className="button button--danger-outline" onClick={onDelete}>
            Delete application
          </button>
        </div>
      )}
    </article>
  );
}
