/**
 * Writes the generated part of docs/locales.md, "What a new language needs", from the code: the per-locale
 * settings of site.yaml (cli/core/load/config.ts `PER_LOCALE_SETTINGS`) and every text id the templates use
 * (templates/strings.ts `UI_TEXT`): `npm run docs:locales`. test/scripts/locales-doc.test.ts fails when the
 * committed page differs, so a new setting or text id reaches the docs in the same commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PER_LOCALE_SETTINGS, REQUIRED_PER_LOCALE } from '../cli/core/load/config.ts';
import { UI_TEXT } from '../templates/strings.ts';

/** The repository root, from this file's place in it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The page with the generated part. */
export const LOCALES_DOC = join(ROOT, 'docs', 'locales.md');

const BEGIN =
  '<!-- BEGIN generated from the code by `npm run docs:locales`: edit cli/core/load/config.ts or templates/strings.ts, not this part. -->';
const END = '<!-- END generated -->';

/** A table cell: pipes escaped, one line. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

/** The generated part, markers included. */
export function renderLocalesPart(): string {
  const settings = Object.entries(PER_LOCALE_SETTINGS).map(
    ([field, what]) =>
      `| \`${field}\` | ${REQUIRED_PER_LOCALE.includes(field as keyof typeof PER_LOCALE_SETTINGS) ? 'yes' : 'no'} | ${cell(what)} |`,
  );
  const ids = Object.entries(UI_TEXT).map(([id, text]) => `| \`${id}\` | ${cell(text.en)} |`);
  return [
    BEGIN,
    '',
    '### Per-locale settings of site.yaml',
    '',
    'Each is a mapping of locale code to text (`company: { zh: …, en: …, ja: … }`). A locale without its own value takes the value of its fallback chain with a `SETTING_FALLBACK` warning naming the field and the locale (an error under `--strict`); a setting that no locale of a chain has is `CONFIG_INVALID`. A required setting must be there for the default locale at least.',
    '',
    '| setting | required | what it is |',
    '| --- | --- | --- |',
    ...settings,
    '',
    `### Text ids (${ids.length})`,
    '',
    "Every id the templates use, with its built-in English text. Chinese and English have built-in text; any other language gives each in its `_strings.yaml`, or readers see the fallback chain's text (`STRING_FALLBACK`). The menu's labels (the ids `content/menu.yaml` names) are needed too.",
    '',
    '| id | English |',
    '| --- | --- |',
    ...ids,
    '',
    END,
  ].join('\n');
}

/** docs/locales.md with its generated part made anew from `text` (the committed page). */
export function renderLocalesDoc(text: string): string {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${LOCALES_DOC} has no generated part (${BEGIN} … ${END}).`);
  return text.slice(0, start) + renderLocalesPart() + text.slice(end + END.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(LOCALES_DOC, renderLocalesDoc(readFileSync(LOCALES_DOC, 'utf8')));
}
