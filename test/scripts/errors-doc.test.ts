/**
 * docs/errors.md is generated from the catalogue (scripts/errors-doc.ts, `npm run docs:errors`): the committed
 * page is what the script makes now, so a new or changed code cannot reach main with stale docs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../cli/core/common/errors.ts';
import { ERRORS_DOC, renderErrorsDoc } from '../../scripts/errors-doc.ts';

describe('docs/errors.md', () => {
  const committed = readFileSync(ERRORS_DOC, 'utf8');

  it('is what `npm run docs:errors` makes from the catalogue (run it and commit the page when this fails)', () => {
    expect(committed).toBe(renderErrorsDoc());
  });

  it('lists every code once, under its severity', () => {
    const sectionOf = (code: string): string | undefined => {
      const at = committed.indexOf(`| \`${code}\` |`);
      return at < 0 ? undefined : [...committed.slice(0, at).matchAll(/^## (.+)$/gm)].at(-1)?.[1];
    };
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(committed.split(`| \`${code}\` |`), code).toHaveLength(2);
      const expected = entry.severity === 'warning' ? 'Warnings' : 'system' in entry ? 'System errors' : 'Errors';
      expect(sectionOf(code), code).toBe(expected);
    }
  });
});
