/**
 * What the output folder of a site should hold (cli/core/plan/plan.ts): every page file with its job's key,
 * the site-wide files (404 pages, assets, sitemap, robots.txt, feeds) with their content hash, and the
 * files of public/ with the size and mtime of their source.
 */
import { join } from 'node:path';
import { localeCodes } from '../common/locales.ts';
import { localisePath, SITE_PAGES } from '../common/routes.ts';
import { produceCard } from '../images/card-image.ts';
import { contentHash } from '../common/files.ts';
import { produceVariant } from '../images/image-files.ts';
import { variantsOf } from '../images/images.ts';
import { displayPath } from '../common/paths.ts';
import { jobKey, listJobs, type Job } from './jobs.ts';
import type { Target } from './plan.ts';
import { renderSitePage } from '../render/render.ts';
import { cacheDirOf, type Site } from './site.ts';
import { renderRobots, renderSitemap } from '../render/sitemap.ts';
import { siteRootUrl } from '../common/base-path.ts';

/** The site-wide files: 404 and search pages, assets, sitemap, robots.txt, feeds. */
export function siteFiles(site: Site): Array<[string, string | Uint8Array]> {
  const { ctx, config, assets } = site;
  const files: Array<[string, string | Uint8Array]> = SITE_PAGES.flatMap((sitePage) =>
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
  return files;
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

/** The key of a social card: what its pixels depend on (cli/core/images/cards.ts `cardKey`). */
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

/**
 * Everything the output of `site` should hold. `publicStamps` are the stamps of public/'s files. Where two
 * sources name one path, public/ wins over a page and a site-wide file over both, as the files are written
 * in that order.
 */
export function outputTargets(site: Site, shared: string, publicStamps: Readonly<Record<string, string>>): SiteTargets {
  const jobs = listJobs(site.pages, site.config.locales);
  const keys = jobs.map((job) => jobKey(site, shared, job));
  const targets = new Map<string, Target>();
  jobs.forEach((job, index) => {
    for (const file of job.files) targets.set(file, { key: pageFileKey(keys[index] as string), make: { kind: 'job', job: index } });
  });
  const publicDir = join(site.inputs.root, 'public');
  for (const file of site.publicFiles) {
    targets.set(file, { key: publicFileKey(publicStamps[file] ?? ''), make: { kind: 'copy', from: join(publicDir, file) } });
  }
  for (const [path, target] of imageTargets(site)) targets.set(path, target);
  for (const [path, target] of cardTargets(site)) targets.set(path, target);
  for (const [path, data] of siteFiles(site)) targets.set(path, { key: contentHash(data), make: { kind: 'data', data } });
  return { jobs, keys, targets };
}
