/**
 * What the output folder should hold (cli/core/write/targets.ts): each page file keyed by its job, each file
 * of public/ by its stamp, each photo variant and social card by what its pixels depend on, each site-wide
 * file by its bytes; one source per path, OUTPUT_COLLISION naming both otherwise.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';
import { contentHash } from '../../../../cli/core/common/files.ts';
import { cacheDirOf } from '../../../../cli/core/common/paths.ts';
import type { CardArt } from '../../../../cli/core/images/card-image.ts';
import type { CardSpec } from '../../../../cli/core/images/card-spec.ts';
import { variantsOf, type ImageTable } from '../../../../cli/core/images/images.ts';
import type { PlannedPage } from '../../../../cli/core/load/i18n.ts';
import { listJobs } from '../../../../cli/core/plan/jobs.ts';
import type { Target } from '../../../../cli/core/plan/plan.ts';
import { isPageFileKey, outputTargets, pageFileKey, publicFileKey } from '../../../../cli/core/write/targets.ts';
import { tempDir } from '../../../helpers/cli.ts';
import { sourcePage } from '../../../helpers/source-page.ts';

const LOCALES = DEFAULTS.locales;

/** A page planned at `route` in `locale`; a stand-in when `fallback`, its source then the other locale's file. */
function planned(locale: string, route: string, fallback = false): PlannedPage {
  const source = sourcePage(fallback ? 'en' : locale, route);
  return { route, locale, source, fallback, ownLocales: [source.locale] };
}

type Inputs = Parameters<typeof outputTargets>[0];

/** The inputs of a site in `root` with these pages and nothing else; `over` replaces any field. */
function inputs(root: string, pages: PlannedPage[], over: Partial<Inputs> = {}): Inputs {
  const jobs = listJobs(pages, LOCALES);
  return {
    root,
    locales: LOCALES,
    jobs,
    keys: jobs.map((_, i) => `key${i}`),
    files: [],
    publicFiles: [],
    images: {},
    cards: [],
    cardArt: {} as CardArt,
    ...over,
  };
}

/** The problems of the SiteError `run` throws (none when it returns). */
function problemsOf(run: () => unknown): Array<{ code: string; message: string; file?: string }> {
  try {
    run();
    return [];
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    return error.problems.map(({ code, message, file }) => (file === undefined ? { code, message } : { code, message, file }));
  }
}

/** A PNG of `width` × `height` pixels written at `public/<name>` of `root`, and its probe. */
async function photo(root: string, name: string, width: number, height: number): Promise<ImageTable[string]> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  mkdirSync(join(root, 'public'), { recursive: true });
  writeFileSync(join(root, 'public', name), bytes);
  return { width, height, alpha: false, hash: contentHash(bytes) };
}

describe('page, public and site-wide file keys', () => {
  it('mark a page file’s key so that it never equals a content hash or a public stamp', () => {
    expect(pageFileKey('abc')).toBe('job:abc');
    expect(isPageFileKey(pageFileKey('abc'))).toBe(true);
    expect(isPageFileKey(contentHash('job'))).toBe(false);
    expect(isPageFileKey(publicFileKey('12:34'))).toBe(false);
    expect(isPageFileKey('xjob:abc')).toBe(false);
    expect(publicFileKey('12:34')).toBe('public:12:34');
  });
});

describe('outputTargets', () => {
  it('keys each file of a job by the job’s key, each file of public/ by its stamp and each site-wide file by its bytes', () => {
    const root = tempDir('ecom-targets-');
    const site = inputs(root, [planned('zh', '/'), planned('en', '/DROC')], {
      files: [['sitemap.xml', '<urlset/>']],
      publicFiles: ['robots.txt', 'files/a.pdf'],
    });
    const { jobs, keys, targets } = outputTargets(site, { 'robots.txt': '20:1000' });
    expect(jobs).toBe(site.jobs);
    expect(keys).toBe(site.keys);
    // The home page is written at `/` and `/home`: two jobs, each with its own key.
    expect(Object.fromEntries(targets)).toEqual({
      'index.html': { key: 'job:key0', make: { kind: 'job', job: 0 } },
      'home.html': { key: 'job:key1', make: { kind: 'job', job: 1 } },
      'en/DROC.html': { key: 'job:key2', make: { kind: 'job', job: 2 } },
      'robots.txt': { key: 'public:20:1000', make: { kind: 'copy', from: join(root, 'public', 'robots.txt') } },
      // A file of public/ without a stamp still has a key of its kind, never a page's.
      'files/a.pdf': { key: 'public:', make: { kind: 'copy', from: join(root, 'public', 'files/a.pdf') } },
      'sitemap.xml': { key: contentHash('<urlset/>'), make: { kind: 'data', data: '<urlset/>' } },
    });
  });

  it('lists a photo’s every variant, keyed by its encoding, and none of a photo that cannot be read', async () => {
    const root = tempDir('ecom-targets-');
    const info = await photo(root, 'red.png', 4, 2);
    const images: ImageTable = { '/red.png': info, '/broken.jpg': { error: 'not an image' } };
    const { targets } = outputTargets(inputs(root, [], { images }), {});
    const variants = variantsOf('/red.png', info as Exclude<typeof info, { error: string }>);
    expect(variants.length).toBeGreaterThan(1);
    expect([...targets.keys()]).toEqual(variants.map((v) => v.file));
    for (const variant of variants) {
      const target = targets.get(variant.file) as Target;
      expect(target.key).toBe(`img:${variant.key}`);
      expect(target.make.kind).toBe('produce');
    }
  });

  it('has each photo variant encoded from the photo of public/ into the project’s cache, at its width and format', async () => {
    const root = tempDir('ecom-targets-');
    const info = await photo(root, 'wide.png', 6, 3);
    const { targets } = outputTargets(inputs(root, [], { images: { '/wide.png': info } }), {});
    const made: string[] = [];
    for (const [path, target] of targets) {
      if (target.make.kind !== 'produce') throw new Error(`${path} is not produced`);
      const file = await target.make.produce();
      expect(file.startsWith(join(cacheDirOf(root), 'images'))).toBe(true);
      const meta = await sharp(file).metadata();
      made.push(`${path.slice(path.lastIndexOf('.') + 1)} ${meta.format} ${meta.width}x${meta.height}`);
    }
    expect(made.sort()).toEqual(['avif heif 6x3', 'jpg jpeg 6x3', 'webp webp 6x3']);
  });

  it('has each social card taken from the project’s card cache, keyed by what its pixels depend on', async () => {
    const root = tempDir('ecom-targets-');
    const cards: CardSpec[] = [
      { path: 'assets/cards/index.k1.png', key: 'k1', source: { kind: 'image', file: join(root, 'public', 'none.png') } },
      { path: 'assets/cards/DROC.k2.png', key: 'k2', source: { kind: 'image', file: join(root, 'public', 'none.png') } },
    ];
    // Both cards were made before: taking them from the cache draws nothing (their source does not exist).
    mkdirSync(join(cacheDirOf(root), 'cards'), { recursive: true });
    for (const card of cards) writeFileSync(join(cacheDirOf(root), 'cards', `${card.key}.png`), card.key);
    const { targets } = outputTargets(inputs(root, [], { cards }), {});
    // In path order (the order of a plan's lists), not the order the cards were listed in.
    expect([...targets.keys()]).toEqual(['assets/cards/DROC.k2.png', 'assets/cards/index.k1.png']);
    for (const card of cards) {
      const target = targets.get(card.path) as Target;
      expect(target.key).toBe(`card:${card.key}`);
      if (target.make.kind !== 'produce') throw new Error(`${card.path} is not produced`);
      expect(await target.make.produce()).toBe(join(cacheDirOf(root), 'cards', `${card.key}.png`));
    }
  });

  it('refuses two sources for one path, naming both, and a stand-in as the page it stands in for', () => {
    const root = tempDir('ecom-targets-');
    const site = inputs(root, [planned('zh', '/DROC'), planned('zh', '/about', true)], {
      files: [['robots.txt', 'User-agent: *\n']],
      publicFiles: ['DROC.html', 'about.html', 'robots.txt'],
    });
    expect(problemsOf(() => outputTargets(site, {}))).toEqual([
      {
        code: 'OUTPUT_COLLISION',
        message: 'content/zh/DROC.md and public/DROC.html both write DROC.html of the output.',
        file: 'content/zh/DROC.md',
      },
      {
        code: 'OUTPUT_COLLISION',
        message: 'content/en/about.md (standing in for zh) and public/about.html both write about.html of the output.',
        file: 'content/en/about.md',
      },
      {
        code: 'OUTPUT_COLLISION',
        message: "public/robots.txt and the build's own robots.txt both write robots.txt of the output.",
        file: 'public/robots.txt',
      },
    ]);
  });

  it('refuses a file of public/ inside any locale’s search index folder, which the search stage owns', () => {
    const root = tempDir('ecom-targets-');
    const publicFiles = ['pagefind/pagefind.js', 'en/pagefind/x.json', 'pagefinder.js', 'en/pagefind.html'];
    const problems = problemsOf(() => outputTargets(inputs(root, [], { publicFiles }), {}));
    expect(problems.map((p) => p.message)).toEqual([
      "public/pagefind/pagefind.js and the build's own search index both write pagefind/pagefind.js of the output.",
      "public/en/pagefind/x.json and the build's own search index both write en/pagefind/x.json of the output.",
    ]);
  });

  it('refuses a photo variant or a card at a path another source writes, naming what the build makes there', async () => {
    const root = tempDir('ecom-targets-');
    const info = await photo(root, 'red.png', 4, 2);
    const variant = variantsOf('/red.png', info as Exclude<typeof info, { error: string }>)[0]?.file as string;
    const card: CardSpec = { path: 'assets/cards/x.png', key: 'k', source: { kind: 'image', file: 'x' } };
    const site = inputs(root, [], {
      images: { '/red.png': info },
      cards: [card],
      files: [
        [variant, 'clash'],
        [card.path, 'clash'],
      ],
    });
    expect(problemsOf(() => outputTargets(site, {})).map((p) => p.message)).toEqual([
      `the build's own image ${variant} and the build's own ${variant} both write ${variant} of the output.`,
      `the build's own social card ${card.path} and the build's own ${card.path} both write ${card.path} of the output.`,
    ]);
  });
});
