import type { ReactElement } from 'react';
import type { StatList } from '../fields.ts';

/** The band of company facts (home, company profile); a list, named for screen readers by `label`. */
export function Stats({ stats, label }: { stats: StatList; label: string }): ReactElement | null {
  if (stats.length === 0) return null;
  return (
    <div className="stats-band">
      <ul className="container stats" aria-label={label}>
        {stats.map((stat) => (
          <li key={stat.label}>
            <strong>{stat.value}</strong>
            <span>{stat.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
