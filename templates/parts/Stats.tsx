import type { ReactElement } from 'react';

/** A company fact: a figure and what it counts. */
export interface Stat {
  value: string | number;
  label: string;
}

/** The band of company facts (home, company profile); a list, named for screen readers by `label`. */
export function Stats({ stats, label }: { stats: Stat[]; label: string }): ReactElement | null {
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
