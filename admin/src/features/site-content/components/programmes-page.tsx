import './site-content.css';
import './programmes.css';
import { adminPaths, type ProgrammeGap, type ProgrammeSummary } from '@cfp/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../api/validate-token.ts';
import { Alert } from '../../../components/alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgrammes } from '../api/get-programmes.ts';
import { BackToContent } from './back-to-content.tsx';
import { ConfirmationProgress, ConfirmSelected, gapWords, SelectBox } from './programme-confirmation.tsx';

/** ['fees', 'intakes', 'enrolmentDocuments'] → "No fees, intakes or documents". */
function describeGaps(gaps: readonly ProgrammeGap[]): string {
  if (gaps.length === 0) return 'Nothing missing';
  const words = gaps.map((gap) => gapWords[gap]);
  const last = words.pop();
  return `No ${words.length > 0 ? `${words.join(', ')} or ${last}` : last}`;
}

const needsWork = (programme: ProgrammeSummary) => !programme.confirmed || programme.gaps.length > 0;

function byDepartment(programmes: ProgrammeSummary[]): Array<{ title: string; programmes: ProgrammeSummary[] }> {
  const departments = new Map<string, ProgrammeSummary[]>();
  for (const programme of programmes) {
    departments.set(programme.departmentTitle, [...(departments.get(programme.departmentTitle) ?? []), programme]);
  }
  return [...departments].map(([title, list]) => ({ title, programmes: list }));
}

interface ProgrammeItemProps {
  programme: ProgrammeSummary;
  selected: boolean;
  onToggle: (slug: string, selected: boolean) => void;
}

function ProgrammeItem({ programme, selected, onToggle }: ProgrammeItemProps) {
  return (
    <li className="programme-list__item">
      <SelectBox programme={programme} selected={selected} onToggle={onToggle} />
      <Link className="programme-list__link" to={adminPaths.content.programme(programme.slug)}>
        <span className="programme-list__title">{programme.title}</span>
        <span className="programme-list__gaps">{describeGaps(programme.gaps)}</span>
        <span className={`badge badge--${programme.confirmed ? 'confirmed' : 'pending'}`}>
          {programme.confirmed ? 'Confirmed' : 'Not confirmed'}
        </span>
      </Link>
    </li>
  );
}

/** The programmes taken off the site, each with its department; opened to put one back. */
function RetiredProgrammes({ programmes }: { programmes: ProgrammeSummary[] }) {
  if (programmes.length === 0) return null;
  return (
    <div className="programme-department">
      <h2>Off the site</h2>
      <ul className="programme-list">
        {programmes.map((programme) => (
          <li key={programme.slug} className="programme-list__item">
            <span className="programme-select" />
            <Link className="programme-list__link" to={adminPaths.content.programme(programme.slug)}>
              <span className="programme-list__title">{programme.title}</span>
              <span className="programme-list__gaps">{programme.departmentTitle}</span>
              <span className="badge badge--pending">Off the site</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MissingOnlyFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="checkbox programme-filter">
      <input
        id="programmes-missing-only"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor="programmes-missing-only">Only those with something missing or not confirmed</label>
    </div>
  );
}

/** The programmes ticked to confirm, in a set. */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (slug: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(slug);
      else next.delete(slug);
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

/**
 * Every programme by department, with whether the centre confirmed its facts and what it does
 * not publish yet; those with nothing missing can be confirmed several at once.
 */
export function ProgrammesPage() {
  const programmes = useProgrammes();
  const canAdd = useSession().data?.role === 'superAdmin';
  const list = programmes.data?.programmes.filter((programme) => !programme.retired);
  const retired = programmes.data?.programmes.filter((programme) => programme.retired) ?? [];
  const [params, setParams] = useSearchParams();
  const selection = useSelection();
  const missingOnly = params.get('missing') === '1';
  const shown = list?.filter((programme) => !missingOnly || needsWork(programme)) ?? [];

  return (
    <section className="site-content">
      <BackToContent />
      <PageHeader
        title="Programmes"
        description="Each programme’s facts and texts, as its page on the site shows them."
        actions={
          canAdd && (
            <Link className="button" to={adminPaths.content.newProgramme}>
              Add a programme
            </Link>
          )
        }
      />
      {programmes.data && list && (
        <>
          <ConfirmationProgress programmes={list} />
          <ConfirmSelected
            programmes={list}
            version={programmes.data.version}
            selected={selection.selected}
            onConfirmed={selection.clear}
          />
        </>
      )}
      <MissingOnlyFilter
        checked={missingOnly}
        onChange={(checked) => setParams(checked ? { missing: '1' } : {}, { replace: true })}
      />
      {programmes.isPending && <Spinner label="Loading programmes..." />}
      {!programmes.data && programmes.isError && (
        <Alert kind="error">{errorMessage(programmes.error, 'The programmes could not be read.')}</Alert>
      )}
      {list && (
        <p className="toolbar__count" role="status">
          {shown.length} of {list.length} programmes on the site
        </p>
      )}
      {list && shown.length === 0 && <p className="empty-state">Every programme is confirmed and complete.</p>}
      {byDepartment(shown).map((department) => (
        <div key={department.title} className="programme-department">
          <h2>{department.title}</h2>
          <ul className="programme-list">
            {department.programmes.map((programme) => (
              <ProgrammeItem
                key={programme.slug}
                programme={programme}
                selected={selection.selected.has(programme.slug)}
                onToggle={selection.toggle}
              />
            ))}
          </ul>
        </div>
      ))}
      {!missingOnly && <RetiredProgrammes programmes={retired} />}
    </section>
  );
}
