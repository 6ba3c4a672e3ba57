/**
 * templates/strings.ts holds the built-in UI text; a locale's _strings.yaml only overrides it (docs/writing.md,
 * "_strings.yaml"). The site's own files hold no entry that repeats the built-in text word for word, so each
 * text is defined once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UI_TEXT } from '../../templates/strings.ts';
import { ROOT } from '../helpers/cli.ts';

const CONTENT = join(ROOT, 'content');
const locales = readdirSync(CONTENT, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name));
const builtIn: Record<string, Record<string, string>> = UI_TEXT;

describe("the site's _strings.yaml", () => {
  it.each(locales.map((entry) => entry.name))('of %s repeats no built-in text', (locale) => {
    const strings = parse(readFileSync(join(CONTENT, locale, '_strings.yaml'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(strings).length).toBeGreaterThan(0);
    const repeats = Object.entries(strings).filter(([id, text]) => builtIn[id]?.[locale] === text);
    expect(repeats).toEqual([]);
  });
});
