import { useId } from 'react';
import {
  formatCell,
  type InterestColumn,
  type InterestRow,
  type InterestSort,
  interestColumns,
  nextSort,
  sortRows,
} from '../interest-columns.ts';

interface InterestTableProps<T extends InterestRow> {
  caption: string;
  /** What the first column holds: "Programme", "Department". */
  nameLabel: string;
  rows: readonly T[];
  sort: InterestSort;
  onSort: (sort: InterestSort) => void;
  /** The row's name as a control (a programme opens its chart); plain text without. */
  renderName?: (row: T) => React.ReactNode;
}

/**
 * Programmes or departments with their counts, sorted by any column: the column headings are
 * buttons on a wide screen, and a "Sort by" list does it on a phone, where the table is a list of
 * cards without headings.
 */
export function InterestTable<T extends InterestRow>({
  caption,
  nameLabel,
  rows,
  sort,
  onSort,
  renderName,
}: InterestTableProps<T>) {
  const selectId = useId();
  const labelOf = (column: InterestColumn) =>
    column === 'title' ? nameLabel : interestColumns.find((entry) => entry.column === column)?.label;
  return (
    <>
      <div className="interest-sort">
        <label htmlFor={selectId}>Sort by</label>
        <select
          id={selectId}
          value={`${sort.column} ${sort.direction}`}
          onChange={(event) => {
            const [column, direction] = event.target.value.split(' ') as [InterestColumn, InterestSort['direction']];
            onSort({ column, direction });
          }}
        >
          {interestColumns.flatMap(({ column }) =>
            (['descending', 'ascending'] as const).map((direction) => (
              <option key={`${column} ${direction}`} value={`${column} ${direction}`}>
                {labelOf(column)}, {sortWords(column, direction)}
              </option>
            )),
          )}
        </select>
      </div>
      <div className="table-wrap">
        <table className="data-table interest-table">
          <caption className="visually-hidden">
            {caption}, sorted by {labelOf(sort.column)?.toLowerCase()}, {sortWords(sort.column, sort.direction)}
          </caption>
          <thead>
            <tr>
              {interestColumns.map(({ column }) => (
                <th
                  key={column}
                  scope="col"
                  className={column === 'title' ? undefined : 'numeric'}
                  aria-sort={sort.column === column ? sort.direction : undefined}
                >
                  <button type="button" className="interest-table__sort" onClick={() => onSort(nextSort(sort, column))}>
                    {labelOf(column)}
                    <span className="interest-table__arrow" aria-hidden="true">
                      {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sortRows(rows, sort).map((row) => (
              <tr key={row.key}>
                {interestColumns.map(({ column }) =>
                  column === 'title' ? (
                    <td key={column} className="data-table__title" data-label={nameLabel}>
                      <span className="data-table__primary">{renderName ? renderName(row) : row.title}</span>
                      {row.detail && <span className="data-table__secondary">{row.detail}</span>}
                    </td>
                  ) : (
                    <td key={column} className="numeric" data-label={labelOf(column)}>
                      {formatCell(column, row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function sortWords(column: InterestColumn, direction: InterestSort['direction']): string {
  if (column === 'title') return direction === 'ascending' ? 'A to Z' : 'Z to A';
  return direction === 'ascending' ? 'lowest first' : 'highest first';
}
