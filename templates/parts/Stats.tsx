import type { ReactElement } from 'react';
import type { StatList } from '../fields.ts';

/**
 * The band of company facts (home, company profile): a list in a group named for screen readers by
 * `label`. The name sits on the group, as a list is not meant to carry one (html-validate
 * `aria-label-misuse`); a group, not a region, as a landmark's name must differ from the page's section
 * headings, which the writer chooses.
 */
export function Stats({ stats, label }: { stats: StatList; label: string }): ReactElement | null {
  if (stats.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the element of role group is <fieldset>, which is for form controls; these are figures
    <div className="stats-band" role="group" aria-label={label}>
      <ul className="container stats">
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
