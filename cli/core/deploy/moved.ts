/**
 * Moved pages on object storage (docs/deploy.md, "Moved pages"). The build leaves a redirect map in the
 * output (cli/core/render/redirects.ts): each old address's page is stored as usual, with
 * `x-amz-website-redirect-location` set to the new URL, so a bucket's website endpoint answers 301 and any
 * other host still serves the page's meta refresh. The deploy manifest records which keys are redirects,
 * which is how a later deploy tells a live page from an old address: deleting a page that is live now,
 * with no redirect kept at its address, is refused unless asked for.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, type Problem } from '../common/errors.ts';
import { parseRedirectMap, REDIRECT_MAP } from '../render/redirects.ts';
import { basePathOfPage, sitePathIn } from '../common/base-path.ts';
import { sameManifest, type DeployPlan, type LocalFile } from './diff.ts';
import { urlPathOf } from './keys.ts';
import type { DeployManifest } from './manifest.ts';
import { PHASES } from './phases.ts';

/** How many removed addresses the refusal names before "and N more". */
const SHOWN = 20;

/** The files to publish (the map left out: it is for nginx) and the Location of each redirect, by key without prefix. */
export interface MovedFiles {
  files: LocalFile[];
  redirects: Map<string, string>;
}

/**
 * Splits the redirect map off the built files and reads it. The map's old addresses are URL paths under the
 * build's base path (read back from its index.html); the keys are the files' paths, without it.
 */
export async function movedFiles(outDir: string, files: readonly LocalFile[]): Promise<MovedFiles> {
  const text = files.some((f) => f.file === REDIRECT_MAP) ? await readFile(join(outDir, REDIRECT_MAP), 'utf8') : '';
  const basePath = basePathOfPage(await readFile(join(outDir, 'index.html'), 'utf8').catch(() => ''));
  const redirects = new Map(
    parseRedirectMap(text).flatMap((a): Array<[string, string]> => {
      const path = sitePathIn(basePath, a.from);
      return path === undefined ? [] : [[path.slice(1), a.location]];
    }),
  );
  return { files: files.filter((f) => f.file !== REDIRECT_MAP), redirects };
}

/**
 * The plan with each redirect's upload and manifest entry carrying its Location. A manifest that recorded
 * another Location (or none) for a key counts as changed, so the next deploy knows the key for what it is.
 */
export function withRedirects(
  plan: DeployPlan,
  redirects: ReadonlyMap<string, string>,
  previous: DeployManifest | undefined,
  prefix: string,
): DeployPlan {
  const locationOf = (key: string): string | undefined => redirects.get(key.slice(prefix.length));
  const uploads = Object.fromEntries(
    PHASES.map((phase) => [
      phase,
      plan.uploads[phase].map((upload) => {
        const redirect = locationOf(upload.key);
        return redirect ? { ...upload, redirect } : upload;
      }),
    ]),
  ) as DeployPlan['uploads'];
  const files: DeployManifest['files'] = {};
  for (const [key, entry] of Object.entries(plan.manifest.files)) {
    const redirect = locationOf(key);
    files[key] = redirect ? { ...entry, redirect } : entry;
  }
  const manifest = { ...plan.manifest, files };
  return { ...plan, uploads, manifest, manifestChanged: !previous || !sameManifest(previous, manifest) };
}

/** The URL paths of the live pages a plan deletes: HTML the last deploy published as a page, not as a redirect. */
export function removedPages(plan: DeployPlan, previous: DeployManifest | undefined, prefix: string): string[] {
  return plan.deletes
    .filter(({ key }) => {
      const entry = previous?.files[key];
      return entry?.contentType.startsWith('text/html') === true && entry.redirect === undefined;
    })
    .map(({ key }) => urlPathOf(key, prefix))
    .sort();
}

/** The refusal of a deploy that would remove live pages. */
export function removedProblem(paths: readonly string[]): Problem {
  const shown = paths.slice(0, SHOWN).join(', ');
  const more = paths.length > SHOWN ? ` and ${paths.length - SHOWN} more` : '';
  return problem(
    'DEPLOY_PAGES_REMOVED',
    `The deploy would delete ${paths.length} live page(s) with no alias or redirect for their address: ${shown}${more}. Nothing was uploaded or deleted.`,
  );
}
