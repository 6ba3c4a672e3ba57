/**
 * What the output folder of a site should hold (cli/core/plan/plan.ts): every page file with its job's key,
 * the site-wide files (404 pages, assets, sitemap, robots.txt, feeds) with their content hash, and the
 * files of public/ with the size and mtime of their source.
 */
import { join } from 'node:path';
import { localeCodes } from '../common/locales.ts';
import { localisePath, sitePagesOf } from '../common/routes.ts';
import { produceCard } from '../images/card-image.ts';
import { contentHash } from '../common/files.ts';
import { produceVariant } from '../images/image-files.ts';
import { variantsOf } from '../images/images.ts';
import { cacheDirOf, displayPath } from '../common/paths.ts';
import { jobKey, listJobs, type Job } from './jobs.ts';
import type { Target } from './plan.ts';
import { renderSitePage } from '../render/render.ts';
import type { Site } from './site.ts';
import { renderRobots, renderSitemap } from '../render/sitemap.ts';
import { SiteError } from '../common/errors.ts';
import { isIndexFile } from '../write/search-index.ts';
import { OutputClaims } from './collisions.ts';
import { translator } from '../load/i18n.ts';
import { answerOf, REDIRECT_MAP, redirectFile, redirectPage, renderRedirectMap } from '../render/redirects.ts';
import { siteRootUrl } from '../common/base-path.ts';

/** The site-wide files: 404 and search pages, assets, sitemap, robots.txt, feeds. */
export function siteFiles(site: Site): Array<[string, string | Uint8Array]> {
  const { ctx, config, assets } = site;
  const files: Array<[string, string | Uint8Array]> = sitePagesOf(config).flatMap((sitePage) =>
    localeCodes(config.locales).map((locale): [string, string] => [
      `${localisePath(sitePage.route, locale, config.locales).slice(1)}.html`,
      renderSitePage(sitePage, locale, ctx),
    ]),
  );
  for (const asset of Object.values(assets)) files.push([`assets/${asset.name}`, asset.contents]);
  // The sitemap lists canonical pages only: /home declares / canonical (docs/writing.md, "Pages and routes").
  // A preview lists no page: its URLs must never compete with the live site's (docs/hosting.md, "Previews").
  const root = siteRootUrl(config.baseUrl, config.basePath);
  files.push(
    ['sitemap.xml', renderSitemap(root, config.preview ? [] : site.routes, config.locales)],
    ['robots.txt', renderRobots(root, config.preview)],
  );
  for (const feed of Object.values(site.feeds)) files.push([feed.href.slice(1), feed.xml]);
  files.push(...redirectFiles(site));
  return files;
}

/** The page at every old address, and the redirect map (cli/core/render/redirects.ts), always written, empty or not. */
export function redirectFiles(site: Site): Array<[string, string]> {
  const { config, ctx } = site;
  const { locales } = config;
  const pages = site.redirects.map((redirect): [string, string] => {
    const t = translator(ctx.strings, redirect.from.locale);
    const text = { title: t('moved.title'), lead: t('moved.lead') };
    return [redirectFile(redirect, locales), redirectPage(redirect, config.baseUrl, locales, text, config.basePath)];
  });
  return [...pages, [REDIRECT_MAP, renderRedirectMap(site.redirects.map((r) => answerOf(r, locales, config.basePath)))]];
}

/** The jobs of a site, their keys, and every file the output should hold. */
export interface SiteTargets {
  jobs: Job[];
  /** The key of each job, by index. */
  keys: string[];
  targets: Map<string, Target>;
}

/** The key of a page file: its job's key, marked so that it can never equal a content hash. */
export function pageFileKey(jobKey: string): string {
  return `job:${jobKey}`;
}

/** True for the key of a page file (`pageFileKey`). */
export function isPageFileKey(key: string): boolean {
  return key.startsWith('job:');
}

/** The key of a file copied from public/: its source's `size:mtime` (cli/core/write/cache.ts `stamps`). */
export function publicFileKey(stamp: string): string {
  return `public:${stamp}`;
}

/** The key of an encoded image: its source's hash and the encoding (cli/core/images/images.ts `variantsOf`). */
export function imageFileKey(key: string): string {
  return `img:${key}`;
}

/**
 * The files every raster image of public/ is published as (docs/writing.md, "Images"), each made by sharp when the
 * plan asks for it, in parallel with rendering. An image that cannot be read has none: the pages that
 * show it fail with IMAGE_INVALID.
 */
export function imageTargets(site: Site): Array<[string, Target]> {
  const publicDir = join(site.inputs.root, 'public');
  const cacheDir = cacheDirOf(site.inputs.root);
  return Object.entries(site.images).flatMap(([path, info]) => {
    if ('error' in info) return [];
    const source = join(publicDir, path.slice(1));
    const variants = variantsOf(path, info);
    const widest = Math.max(...variants.map((v) => v.width));
    return variants.map((variant): [string, Target] => [
      variant.file,
      {
        key: imageFileKey(variant.key),
        make: {
          kind: 'produce',
          produce: () => produceVariant(source, displayPath(source), variant, { widest, hash: info.hash }, cacheDir),
        },
      },
    ]);
  });
}

/** The key of a social card: what its pixels depend on (cli/core/plan/cards.ts `cardKey`). */
export function cardFileKey(key: string): string {
  return `card:${key}`;
}

/**
 * The social card of every page and 404 page (docs/hosting.md, "Search engines and feeds"), each taken from the
 * card cache or drawn by sharp when the plan asks for it, in parallel with rendering.
 */
export function cardTargets(site: Site): Array<[string, Target]> {
  const cacheDir = cacheDirOf(site.inputs.root);
  return site.cards.map((card): [string, Target] => [
    card.path,
    { key: cardFileKey(card.key), make: { kind: 'produce', produce: () => produceCard(card, site.cardArt, cacheDir) } },
  ]);
}

/** How messages name a file the build generates itself, by its path in the output. */
function generatedSource(path: string): string {
  return `the build's own ${path}`;
}

/**
 * Everything the output of `site` should hold. `publicStamps` are the stamps of public/'s files. Each path
 * has one source: two sources for one path (a page and a file of public/, a generated file and a file of
 * public/, a file where another needs a folder, a file of public/ inside a search index folder) throw
 * OUTPUT_COLLISION naming both (cli/core/plan/collisions.ts).
 */
export function outputTargets(site: Site, shared: string, publicStamps: Readonly<Record<string, string>>): SiteTargets {
  const jobs = listJobs(site.pages, site.config.locales);
  const keys = jobs.map((job) => jobKey(site, shared, job));
  const targets = new Map<string, Target>();
  const claims = new OutputClaims();
  jobs.forEach((job, index) => {
    const source = job.page.fallback ? `${job.page.source.file} (standing in for ${job.page.locale})` : job.page.source.file;
    for (const file of job.files) {
      claims.claim(file, { source, file: job.page.source.file });
      targets.set(file, { key: pageFileKey(keys[index] as string), make: { kind: 'job', job: index } });
    }
  });
  const publicDir = join(site.inputs.root, 'public');
  for (const file of site.publicFiles) {
    claims.claim(file, { source: `public/${file}`, file: `public/${file}` });
    // The search index folders are written after the plan, by the search stage: no file of public/ goes there.
    if (isIndexFile(file, site.config.locales)) claims.claim(file, { source: generatedSource('search index') });
    targets.set(file, { key: publicFileKey(publicStamps[file] ?? ''), make: { kind: 'copy', from: join(publicDir, file) } });
  }
  for (const [path, target] of imageTargets(site)) {
    claims.claim(path, { source: generatedSource(`image ${path}`) });
    targets.set(path, target);
  }
  for (const [path, target] of cardTargets(site)) {
    claims.claim(path, { source: generatedSource(`social card ${path}`) });
    targets.set(path, target);
  }
  for (const [path, data] of siteFiles(site)) {
    claims.claim(path, { source: generatedSource(path) });
    targets.set(path, { key: contentHash(data), make: { kind: 'data', data } });
  }
  const problems = claims.result();
  if (problems.length) throw new SiteError(problems);
  return { jobs, keys, targets };
}
