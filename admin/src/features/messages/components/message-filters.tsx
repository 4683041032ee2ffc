import type { ContactMessage } from '@cfp/shared';

export type MessageFilter = 'all' | ContactMessage['status'];

const filters: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'handled', label: 'Handled' },
];

export function MessageFilters({ value, onChange }: { value: MessageFilter; onChange: (filter: MessageFilter) => void }) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Show</legend>
      {filters.map((item) => (
        <label key={item.value} className={value === item.value ? 'segmented__option is-active' : 'segmented__option'}>
          <input
            type="radio"
            name="message-filter"
            value={item.value}
            checked={value === item.value}
            onChange={() => onChange(item.value)}
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}
