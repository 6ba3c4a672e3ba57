/**
 * The order of a deploy (docs/deploy.md, "Phases"): each phase finishes before the next starts, so no
 * visitor is shown a page that points at a file not uploaded yet. Assets and images come first (pages
 * point at them), then the pages, then the locale roots and home pages (they link to the pages), then the
 * sitemap, feeds, robots.txt and the search index's entry files (they list the pages, and the index's
 * content-hashed chunks go with the assets), then the deploy's manifest. Deletes come last.
 */
import { isSearchEntry } from './keys.ts';

/** The upload phases, in order. */
export const PHASES = ['assets', 'pages', 'roots', 'indexes'] as const;

/** One upload phase. */
export type Phase = (typeof PHASES)[number];

/** What each phase holds, for the messages. */
export const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  assets: 'assets and images',
  pages: 'pages',
  roots: 'locale roots and home pages',
  indexes: 'sitemap, feeds, robots.txt and the search index',
};

/**
 * The phase of an output file, given every file of the output (to know the locale roots: `index.html`,
 * and `X.html` beside a folder `X/` that has an `index.html`, such as `en.html`; and the home page of each).
 */
export function phaseOf(file: string, files: ReadonlySet<string>): Phase {
  if (/\.(xml|txt)$/.test(file) || isSearchEntry(file)) return 'indexes';
  if (!file.endsWith('.html')) return 'assets';
  const slash = file.lastIndexOf('/');
  const folder = slash === -1 ? '' : file.slice(0, slash);
  const name = file.slice(slash + 1);
  const isLocaleRoot = (dir: string): boolean => dir === '' || (files.has(`${dir}/index.html`) && files.has(`${dir}.html`));
  if (name === 'index.html' && isLocaleRoot(folder)) return 'roots';
  if (name === 'home.html' && isLocaleRoot(folder)) return 'roots';
  if (files.has(`${file.slice(0, -'.html'.length)}/index.html`)) return 'roots';
  return 'pages';
}
