/**
 * What the tests of builds with a search index share (test/cli/core/write/search-stage.*.test.ts): build
 * options that render in this thread, sources dated as edited since the last build or not, and each
 * locale's index checked against the one Pagefind makes of the pages the build listed.
 */
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BuildOptions, BuildResult } from '../../cli/core/build.ts';
import { DEFAULTS } from '../../cli/core/common/defaults.ts';
import { indexLocale } from '../../cli/core/write/search-index.ts';
import { ROOT, tempDir } from './cli.ts';
import { treeDigest } from './site.ts';

/** Options of a build of `content` into `out` from the sources, pages rendered in this thread (no worker). */
export function inProcessBuild(content: string, out: string): BuildOptions {
  return { root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 };
}

/** Writes the page source `rel` of `content`, dated after any build of the test (so it counts as edited since the last). */
export function saveEdited(content: string, rel: string, text: string): void {
  const file = join(content, rel);
  writeFileSync(file, text);
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
}

/** Dates every page source of `content` an hour back: none counts as edited since the last build. */
export function ageSources(content: string): void {
  const before = new Date(Date.now() - 3_600_000);
  for (const entry of readdirSync(content, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), before, before);
}

/** Each locale's index folder in `out` against the index Pagefind makes of the pages the build listed. */
export async function expectIndexOfPages(out: string, result: BuildResult): Promise<void> {
  for (const [locale, folder] of [
    ['zh', 'pagefind'],
    ['en', 'en/pagefind'],
  ] as const) {
    const listed = result.built.search.locales[locale]?.pages ?? [];
    expect(listed.length, locale).toBeGreaterThan(0);
    const after = join(tempDir(), 'after');
    await indexLocale(
      out,
      locale,
      listed.map(([url, file]) => ({ url, file, locale })),
      DEFAULTS.locales,
      after,
    );
    expect(treeDigest(join(out, folder)), locale).toEqual(treeDigest(after));
  }
}
