/**
 * docs/locales.md's "What a new language needs" is generated from the code (scripts/locales-doc.ts, `npm
 * run docs:locales`): the committed page is what the script makes now, so it cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PER_LOCALE_FIELDS } from '../../cli/core/load/config.ts';
import { LOCALES_DOC, renderLocalesDoc } from '../../scripts/locales-doc.ts';
import { UI_STRINGS } from '../../templates/strings.ts';

describe('docs/locales.md', () => {
  const committed = readFileSync(LOCALES_DOC, 'utf8');

  it('is what `npm run docs:locales` makes from the code (run it and commit the page when this fails)', () => {
    expect(committed).toBe(renderLocalesDoc(committed));
  });

  it('names every per-locale setting and every text id the templates use, search ids included', () => {
    for (const field of PER_LOCALE_FIELDS) expect(committed).toContain(`| \`${field}\` |`);
    for (const id of UI_STRINGS) expect(committed).toContain(`| \`${id}\` |`);
    expect(UI_STRINGS.filter((id) => id.startsWith('search.')).length).toBeGreaterThan(0);
  });
});
