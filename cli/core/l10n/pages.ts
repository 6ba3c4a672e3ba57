/**
 * The pages of a content folder as translation tracking reads them, for the `l10n` commands: front matter
 * and body only, without the templates, images or anything else a build prepares.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../../shared/constants.ts';
import { problem, SiteError, type Problem } from '../common/errors.ts';
import type { Locales } from '../common/locales.ts';
import { contentHash, readText } from '../common/files.ts';
import { displayPath } from '../common/paths.ts';
import { checkFileRoute, routeFromFile } from '../common/routes.ts';
import { listPageFiles } from '../load/content.ts';
import { readSourceText } from './frontmatter.ts';
import type { L10nPage } from './status.ts';

/** A page read for tracking, with its absolute path. */
export type ReadPage = L10nPage & { path: string };

/** Reads every page of `contentDir` (pages whose name makes no route are left to the build). Throws SiteError with every page that cannot be read. */
export async function readPages(contentDir: string, locales: Locales): Promise<ReadPage[]> {
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new SiteError(problem('CONTENT_MISSING', `The content folder ${displayPath(contentDir)} does not exist.`));
  }
  const base = displayPath(contentDir);
  const problems: Problem[] = [];
  const pages = await Promise.all(
    (await listPageFiles(contentDir, locales)).map(async (entry): Promise<ReadPage | undefined> => {
      const slash = entry.indexOf('/');
      const relPath = entry.slice(slash + 1);
      if (checkFileRoute(relPath, locales)) return undefined;
      const path = join(contentDir, entry);
      const file = base ? `${base}/${entry}` : entry;
      const text = await readText(path);
      try {
        return {
          ...readSourceText(text, file),
          file,
          path,
          locale: entry.slice(0, slash) as Locale,
          route: routeFromFile(relPath),
          hash: contentHash(text),
        };
      } catch (error) {
        if (!(error instanceof SiteError)) throw error;
        problems.push(...error.problems);
        return undefined;
      }
    }),
  );
  if (problems.length) throw new SiteError(problems);
  return pages.filter((page): page is ReadPage => page !== undefined);
}
