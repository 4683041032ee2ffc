import { searchWords } from '../lib/search-words.ts';

/** The count as the visitor filters, in the page's language (`<html lang>`); the rest of the finder's words are the page's HTML. */
const words = {
  fr: {
    none: 'Aucune formation ne correspond à ces critères.',
    all: (total: number) => `${total} formations`,
    some: (visible: number, total: number) => `${visible} formation${visible > 1 ? 's' : ''} sur ${total}`,
  },
  en: {
    none: 'No programme matches these criteria.',
    all: (total: number) => `${total} programmes`,
    some: (visible: number, total: number) => `${visible} of ${total} programmes`,
  },
}[document.documentElement.lang === 'en' ? 'en' : 'fr'];

/**
 * Filters the programme list the page already shows, by what the visitor types (a programme or
 * a trade, accents and case ignored: each word begins a word of the card's index, `data-search`
 * on the card and on its department's group), department, entry level and duration, without a
 * round trip. Items are hidden in place: the cards stay the page's own HTML.
 */
for (const filter of document.querySelectorAll<HTMLElement>('[data-programme-filter]')) {
  const form = filter.querySelector('form');
  const list = document.getElementById(filter.dataset.list ?? '');
  if (!form || !list) continue;
  const total = Number(filter.dataset.total);
  const count = filter.querySelector<HTMLElement>('[data-count]');
  const reset = form.querySelector<HTMLButtonElement>('button[type="reset"]');
  const levelSelect = form.elements.namedItem('niveau') as HTMLSelectElement;
  const durationSelect = form.elements.namedItem('duree') as HTMLSelectElement;
  const levels = (levelSelect.dataset.levels ?? '').split(' ');
  const noResult = filter.querySelector<HTMLElement>('[data-no-result]');
  const toggle = filter.querySelector<HTMLButtonElement>('[data-filters-toggle]');
  const more = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  const activeCount = toggle?.querySelector<HTMLElement>('[data-active-filters]');
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    more?.setAttribute('data-open', String(open));
  });

  const apply = () => {
    const fields = new FormData(form);
    // A plural finds the singular too: soudeurs, bureaux, welders, secretaries (secretar finds secretary).
    const query = searchWords(String(fields.get('q') ?? '')).map(
      (word) => ` ${word.replace(/(?<=....)ies$/, '').replace(/(?<=...)[sx]$/, '')}`,
    );
    const departement = String(fields.get('departement') ?? '');
    const level = String(fields.get('niveau') ?? '');
    const maxLevel = level ? levels.indexOf(level) : levels.length;
    const range = durationSelect.selectedOptions[0]?.dataset;
    const min = Number(range?.min ?? 0);
    const max = Number(range?.max ?? Number.POSITIVE_INFINITY);
    let visible = 0;
    for (const group of list.querySelectorAll<HTMLElement>('[data-group]')) {
      let groupVisible = 0;
      for (const item of group.querySelectorAll<HTMLElement>('[data-programme]')) {
        const months = Number(item.dataset.months);
        const index = ` ${item.dataset.search} ${group.dataset.search}`;
        const matches =
          query.every((word) => index.includes(word)) &&
          (!departement || item.dataset.departement === departement) &&
          levels.indexOf(item.dataset.level ?? '') <= maxLevel &&
          months >= min &&
          months <= max;
        item.hidden = !matches;
        if (matches) groupVisible += 1;
      }
      group.hidden = groupVisible === 0;
      visible += groupVisible;
    }
    if (count) count.textContent = visible === 0 ? words.none : visible === total ? words.all(total) : words.some(visible, total);
    if (reset) reset.hidden = visible === total;
    if (noResult) noResult.hidden = visible > 0;
    const active = [departement, level, durationSelect.value].filter(Boolean).length;
    if (activeCount) activeCount.textContent = active > 0 ? ` (${active})` : '';
  };

  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (event) => event.preventDefault());
  // A reset empties the fields after this event: filter once they are.
  form.addEventListener('reset', () => setTimeout(apply));
  // Fields the browser restored (back navigation) apply at once.
  apply();
}
