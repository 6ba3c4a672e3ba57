/**
 * What the output folder of a site should hold (cli/core/plan/plan.ts): every page file with its job's key
 * (cli/core/render/job-keys.ts), the site-wide files the render stage made (cli/core/render/site-files.ts) with
 * their content hash, the encoded photos and social cards with what their pixels depend on, and the files of
 * public/ with the size and mtime of their source.
 */
import { join } from 'node:path';
import { produceCard, type CardArt } from '../images/card-image.ts';
import type { CardSpec } from '../images/card-spec.ts';
import { contentHash } from '../common/files.ts';
import { produceVariant } from '../images/image-files.ts';
import { variantsOf, type ImageTable } from '../images/images.ts';
import { cacheDirOf, displayPath } from '../common/paths.ts';
import type { Locales } from '../common/locales.ts';
import type { Job } from '../plan/jobs.ts';
import type { Target } from '../plan/plan.ts';
import { byPath } from '../common/paths.ts';
import { SiteError } from '../common/errors.ts';
import { isIndexFile } from './search-index.ts';
import { OutputClaims } from './collisions.ts';

/** What the output is described from: the plan's jobs with the render stage's keys and files, and the loaded site's public/. */
interface OutputInputs {
  /** The project root: where public/ is. */
  root: string;
  locales: Locales;
  jobs: Job[];
  /** The key of each job, by index (cli/core/render/job-keys.ts `jobKey`). */
  keys: string[];
  /** The site-wide files, rendered (cli/core/render/site-files.ts). */
  files: Array<[string, string | Uint8Array]>;
  /** Files of public/ copied as they are. */
  publicFiles: readonly string[];
  /** The raster images of public/, probed. */
  images: ImageTable;
  /** Every social card, and the art they are drawn with (cli/core/plan/cards.ts). */
  cards: readonly CardSpec[];
  cardArt: CardArt;
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
function imageFileKey(key: string): string {
  return `img:${key}`;
}

/**
 * The files every raster image of public/ is published as (docs/writing.md, "Images"), each made by sharp when the
 * plan asks for it, in parallel with rendering. An image that cannot be read has none: the pages that
 * show it fail with IMAGE_INVALID.
 */
function imageTargets(site: Pick<OutputInputs, 'root' | 'images'>): Array<[string, Target]> {
  const publicDir = join(site.root, 'public');
  const cacheDir = cacheDirOf(site.root);
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
function cardFileKey(key: string): string {
  return `card:${key}`;
}

/**
 * The social card of every page and 404 page (docs/hosting.md, "Search engines and feeds"), each taken from the
 * card cache or drawn by sharp when the plan asks for it, in parallel with rendering.
 */
function cardTargets(site: Pick<OutputInputs, 'root' | 'cards' | 'cardArt'>): Array<[string, Target]> {
  const cacheDir = cacheDirOf(site.root);
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
 * OUTPUT_COLLISION naming both (cli/core/write/collisions.ts).
 */
export function outputTargets(site: OutputInputs, publicStamps: Readonly<Record<string, string>>): SiteTargets {
  const { jobs, keys } = site;
  const targets = new Map<string, Target>();
  const claims = new OutputClaims();
  jobs.forEach((job, index) => {
    const source = job.page.fallback ? `${job.page.source.file} (standing in for ${job.page.locale})` : job.page.source.file;
    for (const file of job.files) {
      claims.claim(file, { source, file: job.page.source.file });
      targets.set(file, { key: pageFileKey(keys[index] as string), make: { kind: 'job', job: index } });
    }
  });
  const publicDir = join(site.root, 'public');
  for (const file of site.publicFiles) {
    claims.claim(file, { source: `public/${file}`, file: `public/${file}` });
    // The search index folders are written after the plan, by the search stage: no file of public/ goes there.
    if (isIndexFile(file, site.locales)) claims.claim(file, { source: generatedSource('search index') });
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
  for (const [path, data] of site.files) {
    claims.claim(path, { source: generatedSource(path) });
    targets.set(path, { key: contentHash(data), make: { kind: 'data', data } });
  }
  const problems = claims.result();
  if (problems.length) throw new SiteError(problems);
  // In the order of the plan's lists: sorting them (every rebuild of watch) then costs one pass, not a sort.
  return { jobs, keys, targets: new Map([...targets].sort(([a], [b]) => byPath(a, b))) };
}
