import { formatCount } from '../interest-columns.ts';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

interface ShareBarsProps {
  label: string;
  /** Each part's name and figure, drawn in this order. */
  parts: ReadonlyArray<{ key: string; name: string; value: number }>;
}

/** Parts of a whole as a list of bars, each with its figure and share written out. */
export function ShareBars({ label, parts }: ShareBarsProps) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  return (
    <ul className="share-bars" aria-label={label}>
      {parts.map(({ key, name, value }) => {
        const share = total === 0 ? 0 : value / total;
        return (
          <li key={key} className="share-bars__part">
            <span className="share-bars__name">{name}</span>
            <span className="share-bars__value">
              {formatCount(value)} <span className="share-bars__share">({percent.format(share)})</span>
            </span>
            <span className="share-bars__bar" aria-hidden="true">
              <span style={{ inlineSize: `${share * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
