/**
 * The internal links of front matter: fields named `route` (menu-like lists in home and family pages) are
 * links, checked against the link targets (cli/core/common/link-targets.ts) here in the plan, in the main
 * thread, where each page's YAML positions live.
 */
import { problem, type Problem } from '../common/errors.ts';
import { checkInternalLink, type LinkTargets } from '../common/link-targets.ts';
import type { PlannedPage } from '../load/i18n.ts';

/** Checks front matter fields named `route` as links (menu-like lists in home, family pages). */
export function checkDataRoutes(page: PlannedPage, targets: LinkTargets): Problem[] {
  const errors: Problem[] = [];
  const walk = (value: unknown, path: Array<string | number>): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'route' && typeof item === 'string') {
          const checked = checkInternalLink(item, page.route, page.locale, targets);
          if (checked.error)
            errors.push(problem('LINK_BROKEN', checked.error, { file: page.source.file, line: page.source.lineOf([...path, key]) }));
        } else walk(item, [...path, key]);
      }
    }
  };
  walk(page.source.data, []);
  return errors;
}
