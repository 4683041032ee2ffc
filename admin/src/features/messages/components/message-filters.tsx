import { type MessageStatus, messageStatuses } from '@cfp/shared';
import { statusLabels } from './message-labels.ts';

export type MessageFilter = 'all' | MessageStatus;

const filters: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...messageStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
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
