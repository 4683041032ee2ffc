/**
 * Filters the programme list the page already shows, by name or trade (accents and case
 * ignored), department, entry level and duration, without a round trip. Items are hidden in place: the cards stay the page's own HTML.
 */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

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
    const words = normalise(String(fields.get('q') ?? ''))
      .split(/\s+/)
      .filter(Boolean);
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
        const matches =
          words.every((word) => (item.dataset.search ?? '').includes(word)) &&
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
    if (count) {
      count.textContent =
        visible === 0
          ? 'Aucune formation ne correspond à ces critères.'
          : visible === total
            ? `${total} formations`
            : `${visible} formation${visible > 1 ? 's' : ''} sur ${total}`;
    }
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
