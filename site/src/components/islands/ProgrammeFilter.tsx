import { useEffect, useId, useState } from 'react';

interface Option {
  value: string;
  label: string;
}

interface Props {
  /** id of the element holding the server-rendered list: groups `[data-group]` of items `[data-programme]`. */
  listId: string;
  departements: Option[];
  /** Entry levels from the lowest; a visitor's level opens every programme at or below it. */
  levels: Option[];
  durations: Array<Option & { min: number; max: number }>;
  total: number;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Filters the programme list the page already shows. Without JavaScript the whole list
 * stays visible and this form is never shown; with it, items are hidden in place, so the
 * cards are the page's own HTML and nothing is rendered twice.
 */
export default function ProgrammeFilter({ listId, departements, levels, durations, total }: Props) {
  const id = useId();
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState('');
  const [departement, setDepartement] = useState('');
  const [level, setLevel] = useState('');
  const [duration, setDuration] = useState('');
  const [count, setCount] = useState(total);

  useEffect(() => setReady(true), []);

  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const words = normalise(query).split(/\s+/).filter(Boolean);
    const maxLevel = level ? levels.findIndex((option) => option.value === level) : levels.length;
    const range = durations.find((option) => option.value === duration);
    let visible = 0;
    for (const group of list.querySelectorAll<HTMLElement>('[data-group]')) {
      let groupVisible = 0;
      for (const item of group.querySelectorAll<HTMLElement>('[data-programme]')) {
        const months = Number(item.dataset.months);
        const matches =
          words.every((word) => (item.dataset.search ?? '').includes(word)) &&
          (!departement || item.dataset.departement === departement) &&
          levels.findIndex((option) => option.value === item.dataset.level) <= maxLevel &&
          (!range || (months >= range.min && months <= range.max));
        item.hidden = !matches;
        if (matches) groupVisible += 1;
      }
      group.hidden = groupVisible === 0;
      visible += groupVisible;
    }
    setCount(visible);
  }, [listId, levels, durations, query, departement, level, duration]);

  const reset = () => {
    setQuery('');
    setDepartement('');
    setLevel('');
    setDuration('');
  };

  return (
    <search className="programme-filter" aria-label="Trouver une formation" hidden={!ready}>
      <form onSubmit={(event) => event.preventDefault()}>
        <div className="programme-filter__fields">
          <div className="field programme-filter__query">
            <label htmlFor={`${id}-q`}>Nom de la formation</label>
            <input
              id={`${id}-q`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="ex. comptabilité, soudure, anglais"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-d`}>Département</label>
            <select id={`${id}-d`} value={departement} onChange={(event) => setDepartement(event.target.value)}>
              <option value="">Tous les départements</option>
              {departements.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-l`}>Votre niveau d'études</label>
            <select id={`${id}-l`} value={level} onChange={(event) => setLevel(event.target.value)}>
              <option value="">Tous les niveaux</option>
              {levels.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-t`}>Durée</label>
            <select id={`${id}-t`} value={duration} onChange={(event) => setDuration(event.target.value)}>
              <option value="">Toutes les durées</option>
              {durations.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="programme-filter__status">
          <p role="status">
            {count === 0
              ? 'Aucune formation ne correspond à ces critères.'
              : count === total
                ? `${total} formations`
                : `${count} formation${count > 1 ? 's' : ''} sur ${total}`}
          </p>
          {count < total && (
            <button type="button" className="button button--primary" onClick={reset}>
              Effacer les filtres
            </button>
          )}
        </div>
      </form>
    </search>
  );
}
