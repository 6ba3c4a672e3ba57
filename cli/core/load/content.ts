/**
 * Content loading (docs/writing.md): finds the page files of every locale with fast-glob, splits
 * front matter with gray-matter (YAML only, never code) and validates it against the common fields and the
 * fields its template documents.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { Locale } from '../../../shared/constants.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import { contentHash } from '../common/files.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import { DEFAULTS } from '../common/defaults.ts';
import { checkFences } from './fence.ts';
import { displayPath } from '../common/paths.ts';
import { findUnknownPlaceholders, unknownPlaceholder } from '../text/placeholders.ts';
import { checkFileRoute, routeFromFile } from '../common/routes.ts';
import { fieldsAt, isRecord, validate, type Field, type Fields } from '../common/field-validator.ts';
import { formatSize, sizeAbove } from './size.ts';
import { parseYaml, type YamlSource } from '../common/yaml.ts';
import { RECORD_FIELD, RECORD_SCHEMA } from '../common/translation-record.ts';

/** A page file as read from disk, front matter validated. */
export interface SourcePage {
  /** Path as shown in messages, e.g. `content/en/DROC.md`. */
  file: string;
  locale: Locale;
  route: string;
  /** Front matter, as written (placeholders not yet filled). */
  data: Record<string, unknown>;
  title: string;
  template: string;
  draft: boolean;
  /** The Markdown body and the file line it starts on (1-based). */
  body: string;
  bodyLine: number;
  /** Content hash of the whole file, for cache keys. */
  hash: string;
  /** Where the body starts in the file's text (what the build cache keeps instead of the body). */
  bodyStart: number;
  /** Warnings found while reading the file (kept so a reused page reports them again). */
  warnings: Problem[];
  /** Finds the line of a front matter field. */
  lineOf: YamlSource['lineOf'];
}

/** A page source without its line lookup: what can travel to a worker thread. */
export type PageSource = Omit<SourcePage, 'lineOf'>;

/** What content loading needs to know about templates: their names, the fields each documents, which make articles. */
export interface TemplateFields {
  names: readonly string[];
  fieldsOf(template: string): Fields;
  /** True for a template whose pages are news articles (listed on /news and in the feed). */
  isArticle(template: string): boolean;
}

/**
 * The fields every page may have (docs/writing.md, "Front matter"). A field only some templates read (`date`: articles)
 * is documented by those templates (templates/index.ts), so that anywhere else it is FIELD_UNKNOWN.
 */
export const COMMON_FIELDS: Fields = {
  title: { kind: 'string', required: true },
  description: { kind: 'string' },
  keywords: { kind: 'string' },
  template: { kind: 'string' },
  summary: { kind: 'string' },
  draft: { kind: 'boolean' },
  /** The page's own social card image, a PNG or JPEG of public/ (docs/hosting.md, "Search engines and feeds"). */
  card: { kind: 'string' },
  /** Old routes of the page, written as links are, each kept as a redirect to it (docs/writing.md, "Moving or removing a page"). */
  aliases: { kind: 'list', of: { kind: 'string' } },
  /** What a translation was made from, written by `ecom-site l10n stamp` (docs/l10n.md, "The record"). */
  [RECORD_FIELD]: RECORD_SCHEMA,
};

/** The folder of news articles in each locale (docs/templates.md: `article` is for `news/<slug>.md`). */
const NEWS_FOLDER = 'news/';

/**
 * The language gray-matter reads from the opening fence (`---js` is `js`), found exactly the way it finds
 * it (gray-matter's `matter.language`): BOM removed, `---` not followed by a fourth `-`, the rest of the
 * line trimmed by `String.trim` (so `--- js`, `---\u00a0js` and `---js\r` are all `js`). Mirroring it means
 * no spelling of a fence reaches an engine unseen.
 */
function fenceLanguage(text: string): string {
  const str = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!str.startsWith('---') || str.charAt(3) === '-') return '';
  const rest = str.slice(3);
  return rest.slice(0, rest.search(/\r?\n/)).trim();
}

/**
 * Splits and validates one page file's text. Pure apart from its inputs; throws SiteError on bad input,
 * and only SiteError: whatever a file holds, the writer gets a catalogued problem naming the file
 * (test/cli/core/load/content.frontmatter-fuzz.slow.test.ts).
 */
export function parsePage(text: string, file: string, locale: Locale, relPath: string, templates: TemplateFields): SourcePage {
  try {
    return readPage(text, file, locale, relPath, templates);
  } catch (error) {
    if (error instanceof SiteError) throw error;
    const reason = error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error);
    throw new SiteError(problem('FRONTMATTER_SYNTAX', `The front matter cannot be read: ${reason}.`, { file, line: 1 }));
  }
}

/** Reads one page file; its warnings come back with it (`SourcePage.warnings`). */
function readPage(text: string, file: string, locale: Locale, relPath: string, templates: TemplateFields): SourcePage {
  // gray-matter picks an engine from the opening fence (`---js`); only YAML is ever accepted, and the check
  // runs before gray-matter so that no other engine can be reached.
  const language = fenceLanguage(text);
  const refuse = (): never => {
    const shown = language.length > 40 ? `${language.slice(0, 40)}…` : language;
    throw new SiteError(
      problem(
        'FRONTMATTER_LANGUAGE',
        `The front matter is marked as ${JSON.stringify(shown)}; only YAML front matter is accepted and it was not run.`,
        { file, line: 1, column: 4 },
      ),
    );
  };
  if (language && !/^ya?ml$/i.test(language)) refuse();
  // A fence out of place would otherwise read as a page without front matter ("`title` is required").
  const fenceProblem = checkFences(text, file);
  if (fenceProblem) throw new SiteError(fenceProblem);
  let source: YamlSource | undefined;
  const parsed = matter(text, {
    language: 'yaml',
    engines: {
      yaml: (raw: string): object => {
        // With CRLF line ends the block ends in the `\r` before the closing `---`; YAML would keep it.
        source = parseYaml(raw.endsWith('\r') ? raw.slice(0, -1) : raw, file, 'FRONTMATTER_SYNTAX');
        return {};
      },
      // Defence in depth: gray-matter's own JavaScript engines evaluate code; they can never run here.
      js: refuse,
      javascript: refuse,
      coffee: refuse,
    },
  });
  const value = source?.value ?? {};
  if (!isRecord(value)) {
    throw new SiteError(problem('FRONTMATTER_INVALID', 'The front matter must be a mapping of fields (`title: …`).', { file, line: 2 }));
  }
  const lineOf = source?.lineOf ?? ((): number => 1);
  const yaml: YamlSource = source ?? { file, value, lineOf };

  const template = typeof value.template === 'string' ? value.template : DEFAULTS.template;
  if (!templates.names.includes(template)) {
    throw new SiteError(
      problem(
        'TEMPLATE_UNKNOWN',
        `The template ${JSON.stringify(template.length > 40 ? `${template.slice(0, 40)}…` : template)} does not exist. Known templates: ${templates.names.join(', ')}.`,
        { file, line: lineOf(['template']) },
      ),
    );
  }
  const schema: Field = { kind: 'record', required: true, fields: { ...COMMON_FIELDS, ...templates.fieldsOf(template) } };
  const unknown: Array<Array<string | number>> = [];
  const problems = validate(value, schema, yaml, 'FRONTMATTER_INVALID', [], unknown);
  if (problems.length) throw new SiteError(problems);
  const notes = unknown.map((path) =>
    problem(
      'FIELD_UNKNOWN',
      `The field \`${path.join('.')}\` is not read by the "${template}" template.`,
      { file, line: lineOf(path) },
      { fields: fieldsAt(schema, path.slice(0, -1)) },
    ),
  );
  if (relPath.startsWith(NEWS_FOLDER) && !templates.isArticle(template)) {
    const articles = templates.names
      .filter((name) => templates.isArticle(name))
      .map((name) => `\`template: ${name}\``)
      .join(' or ');
    notes.push(
      problem(
        'NEWS_NOT_ARTICLE',
        `This page is under ${NEWS_FOLDER} but its template is "${template}", not an article: it is missing from the news list and the feed. Add ${articles} and a \`date\`.`,
        { file, line: typeof value.template === 'string' ? lineOf(['template']) : 1 },
      ),
    );
  }
  notes.push(...findDataPlaceholders(value, [], file, lineOf));

  const body = parsed.content;
  const head = text.slice(0, text.length - body.length);
  return {
    file,
    locale,
    route: routeFromFile(relPath),
    data: value,
    title: String(value.title),
    template,
    draft: value.draft === true,
    body,
    bodyLine: head.split('\n').length,
    hash: contentHash(text),
    bodyStart: head.length,
    warnings: notes,
    lineOf,
  };
}

/** PLACEHOLDER_UNKNOWN for each `{word}` in a front matter string that no placeholder fills, at its field's line. */
function findDataPlaceholders(value: unknown, path: Array<string | number>, file: string, lineOf: YamlSource['lineOf']): Problem[] {
  if (typeof value === 'string')
    return findUnknownPlaceholders(value).map((found) => unknownPlaceholder(found.name, { file, line: lineOf(path) }));
  if (Array.isArray(value)) return value.flatMap((item, i) => findDataPlaceholders(item, [...path, i], file, lineOf));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => findDataPlaceholders(item, [...path, key], file, lineOf));
  return [];
}

/**
 * What the persistent build cache keeps of a parsed page file, by display path: the front matter as
 * validated and where the body starts. A file whose hash matches is not parsed again.
 */
export interface ParsedPage {
  hash: string;
  data: Record<string, unknown>;
  template: string;
  bodyStart: number;
  bodyLine: number;
  warnings: Problem[];
  /**
   * The line of each top-level field: what later stages ask of every page (a translation's record), so
   * that a page taken from the cache never has its front matter parsed again to answer it.
   */
  fieldLines: Record<string, number>;
  /** The line a field the front matter lacks is reported at (where the front matter starts). */
  absentFieldLine: number;
}

/** True when a value survives JSON unchanged (YAML's `.inf` or `.nan` would not). */
function isJsonSafe(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonSafe);
  return isRecord(value) && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isJsonSafe);
}

/** What the cache keeps of a page, or undefined when its front matter cannot be kept as JSON. */
export function toParsed(page: SourcePage): ParsedPage | undefined {
  if (!isJsonSafe(page.data)) return undefined;
  return {
    hash: page.hash,
    data: page.data,
    template: page.template,
    bodyStart: page.bodyStart,
    bodyLine: page.bodyLine,
    warnings: page.warnings,
    fieldLines: Object.fromEntries(Object.keys(page.data).map((field) => [field, page.lineOf([field])])),
    absentFieldLine: page.lineOf([]),
  };
}

/**
 * A page rebuilt from the cache and its unchanged text: the lines of its top-level fields come from the
 * cache; a deeper position is found by parsing the front matter again, only if asked.
 */
function fromParsed(
  parsed: ParsedPage,
  text: string,
  file: string,
  locale: Locale,
  relPath: string,
  templates: TemplateFields,
): SourcePage {
  let lineOf: YamlSource['lineOf'] | undefined;
  return {
    file,
    locale,
    route: routeFromFile(relPath),
    data: parsed.data,
    title: String(parsed.data.title),
    template: parsed.template,
    draft: parsed.data.draft === true,
    body: text.slice(parsed.bodyStart),
    bodyLine: parsed.bodyLine,
    hash: parsed.hash,
    bodyStart: parsed.bodyStart,
    warnings: parsed.warnings,
    lineOf: (path) => {
      // The front matter itself, or a top-level field named by a string (a number names a key `0:` by its
      // value, which only a parse can answer). A cache written before these lines were kept parses again.
      const [field] = path;
      if (parsed.fieldLines && parsed.absentFieldLine !== undefined) {
        if (path.length === 0) return parsed.absentFieldLine;
        if (path.length === 1 && typeof field === 'string')
          return Object.hasOwn(parsed.fieldLines, field) ? (parsed.fieldLines[field] as number) : parsed.absentFieldLine;
      }
      lineOf ??= parsePage(text, file, locale, relPath, templates).lineOf;
      return lineOf(path);
    },
  };
}

/** What `watch` already knows when it reloads the pages after an edit. */
export interface PageReuse {
  /** Pages read before, by display path. */
  sources: ReadonlyMap<string, SourcePage>;
  /** Display paths that may have changed; any other known page is taken without reading its file. */
  dirty?: ReadonlySet<string>;
  /** The page files found last time (relative to the content folder), when none was added or removed. */
  entries?: readonly string[];
  /** Pages parsed by an earlier build (the persistent cache), by display path. */
  parsed?: ReadonlyMap<string, ParsedPage>;
}

/** The glob of the locale folders (`{zh,en}`; one locale is its name alone, which braces would not expand). */
function localeFolders(locales: Locales): string {
  const codes = localeCodes(locales);
  return codes.length === 1 ? (codes[0] as string) : `{${codes.join(',')}}`;
}

/** Lists the page files of every locale, relative to the content folder, sorted. */
export async function listPageFiles(contentDir: string, locales: Locales): Promise<string[]> {
  const entries = await fg(`${localeFolders(locales)}/**/*.md`, {
    cwd: contentDir,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
    ignore: ['**/_*', '**/_*/**'],
  });
  return entries.sort();
}

/**
 * Warnings for the folders of the content folder that are not a configured locale (`content/fr/`), whose
 * pages would otherwise be left out without a word. Files (site.yaml, menu.yaml…) and folders starting
 * with `_` or `.` are not locales.
 */
export async function findUnknownLocales(contentDir: string, locales: Locales): Promise<Problem[]> {
  const entries = await readdir(contentDir, { withFileTypes: true });
  const known = localeCodes(locales);
  return entries
    .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name) && !known.includes(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const folder = displayPath(join(contentDir, name));
      return problem('LOCALE_UNKNOWN', `The folder ${folder}/ is not a configured locale (${known.join(', ')}); its pages are not built.`, {
        file: folder,
      });
    });
}

/** Extensions of files that were probably meant as pages (compared in lower case): each gets its own warning. */
const PAGE_LIKE: ReadonlySet<string> = new Set(['.md', '.markdown', '.mdown', '.mkd', '.mkdn', '.mdx', '.txt', '.text']);
/** How many of the other files (images, downloads…) one grouped warning lists by name. */
const LISTED = 10;

/**
 * Warnings for the files of the locale folders that are not pages, which the build would otherwise skip
 * without a word (docs/writing.md, "Pages and routes"): a page whose extension is not exactly `.md` (`notes.MD`,
 * `notes.markdown`, `page.mdx`, `page.txt`) gets a warning of its own saying what to rename it to; any
 * other file (an image, a PDF kept beside the pages) is named in one grouped warning pointing to public/.
 * Files and folders starting with `_` or `.` (`_strings.yaml`, `.DS_Store`) are not pages and stay silent.
 */
export async function findIgnoredFiles(contentDir: string, locales: Locales): Promise<Problem[]> {
  const entries = await fg(`${localeFolders(locales)}/**/*`, {
    cwd: contentDir,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
    ignore: ['**/_*', '**/_*/**', '**/*.md'],
  });
  entries.sort();
  const base = displayPath(contentDir);
  const shown = (entry: string): string => (base ? `${base}/${entry}` : entry);
  const problems: Problem[] = [];
  const others: string[] = [];
  for (const entry of entries) {
    const dot = entry.lastIndexOf('.');
    const extension = dot > entry.lastIndexOf('/') ? entry.slice(dot) : '';
    if (!PAGE_LIKE.has(extension.toLowerCase())) {
      others.push(shown(entry));
      continue;
    }
    const renamed = `${entry.slice(0, dot)}.md`;
    const name = renamed.slice(renamed.lastIndexOf('/') + 1);
    const lower = extension.toLowerCase();
    const advice =
      lower === '.mdx'
        ? 'MDX is not supported: if the file is plain Markdown, rename'
        : lower === '.txt' || lower === '.text'
          ? 'If it is a page, rename'
          : 'Rename';
    const clash = existsSync(join(contentDir, renamed)) ? ` (a ${name} already exists beside it: keep one of the two)` : '';
    problems.push(
      problem(
        'FILE_IGNORED',
        `Only files ending in \`.md\` (lower case) are pages, so this file is not built. ${advice} it to \`${name}\`${clash}.`,
        { file: shown(entry) },
      ),
    );
  }
  if (others.length) {
    const listed = others.slice(0, LISTED).join(', ') + (others.length > LISTED ? ` and ${others.length - LISTED} more` : '');
    const count = others.length === 1 ? 'A file' : `${others.length} files`;
    problems.push(
      problem(
        'FILE_IGNORED',
        `${count} in the locale folders ${others.length === 1 ? 'is' : 'are'} not ${others.length === 1 ? 'a page' : 'pages'} and not published: ${listed}. Files the site serves (images, downloads) belong in public/, linked as \`/images/…\`.`,
        { file: others[0] },
      ),
    );
  }
  return problems;
}

/**
 * Refuses a page file larger than `maxPageSize` bytes (site.yaml; docs/writing.md, "maxPageSize") before
 * anything parses it, so that one huge file cannot stall a build. Every path that parses a page's text calls
 * it first: `loadPages` here, and watch's text-edit path before its `parsePage`.
 */
export function checkPageSize(text: string, file: string, maxPageSize: number): void {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: bytes are counted only when the text could be too large.
  if (text.length * 3 <= maxPageSize) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxPageSize) return;
  throw new SiteError(
    problem(
      'PAGE_TOO_LARGE',
      `The page file is ${formatSize(bytes)}, above the page size limit of ${formatSize(maxPageSize)} set by \`maxPageSize\` in site.yaml.`,
      { file },
      { above: sizeAbove(bytes) },
    ),
  );
}

/**
 * Reads every page of every locale under `contentDir`. Collects all problems before throwing. A known page
 * (see `PageReuse`) is taken as it is when its file is not dirty or its text is unchanged. Files are read
 * one after the other, synchronously: for thousands of small files that is several times faster than
 * promises through the thread pool, and holds one file open at a time.
 */
export async function loadPages(
  contentDir: string,
  templates: TemplateFields,
  reuse?: PageReuse,
  maxPageSize: number = DEFAULTS.maxPageSize,
  locales: Locales = DEFAULTS.locales,
): Promise<{ pages: SourcePage[]; warnings: Problem[] }> {
  const entries = reuse?.entries ? [...reuse.entries] : await listPageFiles(contentDir, locales);
  const [unknownLocales, ignoredFiles] = await Promise.all([
    findUnknownLocales(contentDir, locales),
    findIgnoredFiles(contentDir, locales),
  ]);
  const problems: Problem[] = [];
  // One display prefix for all files (computing a relative path per file costs time on every page).
  const base = displayPath(contentDir);
  const pages = entries.map((entry): SourcePage | undefined => {
    const slash = entry.indexOf('/');
    const locale = entry.slice(0, slash) as Locale;
    const relPath = entry.slice(slash + 1);
    const file = base ? `${base}/${entry}` : entry;
    const bad = checkFileRoute(relPath, locales);
    if (bad) {
      problems.push(problem(bad.code, bad.message, { file }));
      return undefined;
    }
    try {
      const known = reuse?.sources.get(file);
      // An unchanged page is read again only if it might exceed the limit (which site.yaml may have lowered).
      if (known && reuse?.dirty && !reuse.dirty.has(file) && (known.bodyStart + known.body.length) * 3 <= maxPageSize) return known;
      const text = readFileSync(join(contentDir, entry), 'utf8');
      checkPageSize(text, file, maxPageSize);
      const hash = contentHash(text);
      if (known && known.hash === hash) return known;
      const parsed = reuse?.parsed?.get(file);
      if (parsed && parsed.hash === hash) return fromParsed(parsed, text, file, locale, relPath, templates);
      return parsePage(text, file, locale, relPath, templates);
    } catch (error) {
      if (error instanceof SiteError) problems.push(...error.problems);
      else throw error;
      return undefined;
    }
  });
  if (problems.length) throw new SiteError(problems);
  const found = pages.filter((page): page is SourcePage => page !== undefined);
  return { pages: found, warnings: [...unknownLocales, ...ignoredFiles, ...found.flatMap((page) => page.warnings)] };
}
