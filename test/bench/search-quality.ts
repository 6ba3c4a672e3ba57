/**
 * `npm run bench:search`: how well the search finds what a reader typed, on the real site in Chromium.
 * For a fixed set of Chinese and English queries it compares Pagefind alone (the words query, in
 * Pagefind's order) and the site's search (client/search/index.ts `find`: the phrase's pages first) with
 * the pages whose indexed text holds the query (test/helpers/search-truth.ts), and prints result count,
 * relevant count, recall, precision, precision at R and whether every relevant page ranks above every
 * other. The table is kept in docs/search.md between the search-quality markers.
 *
 *   npm run bench:search [-- --out DIR] [--no-docs]
 *
 * Without `--out` it builds the real content into a temporary folder; with it, it reads that build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cspHeaders } from '../../cli/core/serve/csp.ts';
import { startServer } from '../../cli/core/serve/serve.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { rankings } from '../helpers/search-rankings.ts';
import { indexedTexts, type Judgement, judge, relevantUrls } from '../helpers/search-truth.ts';
import { ROOT, writeBetweenMarkers } from './measure.ts';

/** The queries of one locale, and its search page. */
interface QuerySet {
  locale: string;
  path: string;
  heading: string;
  queries: string[];
}

const SETS: QuerySet[] = [
  {
    locale: 'zh',
    path: '/search',
    heading: 'Chinese (`/search`): relevant = the page’s indexed text holds the query as typed',
    queries: [
      '工作站',
      '影像',
      '后处理',
      '乳腺',
      '兽医',
      '三维',
      '操作台',
      '云端',
      '剂量',
      '阅片',
      '智能制造',
      '图像处理',
      '透视',
      '工作列表',
      '质控',
      '骨科',
      '放射',
      '锥形束',
    ],
  },
  {
    locale: 'en',
    path: '/en/search',
    heading: 'English (`/en/search`): relevant = the page’s indexed text holds every word, plural allowed',
    queries: [
      'workstation',
      'mammography',
      'DICOM',
      'veterinary',
      'fluoroscopy',
      'cloud viewer',
      'post-processing',
      'PACS',
      'detector',
      'chiropractic',
      'dose',
      'spine',
    ],
  },
];

const outAt = process.argv.indexOf('--out');
const given = outAt > 0 ? process.argv[outAt + 1] : undefined;
const work = given ? undefined : mkdtempSync(join(tmpdir(), 'ecom-search-bench-'));
const dist = given ? resolve(given) : join(work as string, 'dist');
if (!given) {
  process.stderr.write('Building the real site…\n');
  execFileSync(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'build', '--out', dist, '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}

const pages = await indexedTexts(dist);
const server = await startServer({ dir: dist, host: '127.0.0.1', port: 0, headers: cspHeaders });
const browser = await launchBrowser();
const chromium = browser.version();
const errors: string[] = [];

const ratio = (x: number): string => x.toFixed(2);
const cells = (j: Judgement): string =>
  `${j.results} | ${ratio(j.recall)} | ${ratio(j.precision)} | ${ratio(j.precisionAtR)} | ${j.relevantFirst ? 'yes' : 'no'}`;
// Three places: with two, a mean just under 1 would print as 1.00.
const mean = (xs: number[]): string => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3);
const means = (js: Judgement[]): string =>
  `| ${mean(js.map((j) => j.recall))} | ${mean(js.map((j) => j.precision))} | ${mean(js.map((j) => j.precisionAtR))} | ${js.filter((j) => j.relevantFirst).length}/${js.length}`;

const tables: string[] = [];
const notes: string[] = [];
try {
  for (const set of SETS) {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${set.path}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${set.path}: ${error.message}`));
    await page.goto(`${server.url}${set.path}`);
    const rows = [
      `${set.heading}`,
      '',
      '| query | R | Pagefind: results | recall | precision | P@R | relevant first | site: results | recall | precision | P@R | relevant first |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |',
    ];
    const alone: Judgement[] = [];
    const site: Judgement[] = [];
    for (const query of set.queries) {
      const relevant = relevantUrls(pages, set.locale, query);
      const ranked = await rankings(page, query);
      const a = judge(ranked.pagefind, relevant);
      const s = judge(ranked.site, relevant);
      alone.push(a);
      site.push(s);
      rows.push(`| ${query} | ${relevant.length} | ${cells(a)} | ${cells(s)} |`);
      if (s.missed.length) notes.push(`${query}: the site's search misses ${s.missed.join(', ')}`);
      if (a.missed.length) notes.push(`${query}: Pagefind alone misses ${a.missed.join(', ')}`);
    }
    rows.push(`| mean | | ${means(alone)} | ${means(site)} |`);
    tables.push(rows.join('\n'));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  if (work) rmSync(work, { recursive: true, force: true });
}

const counted = SETS.map((set) => `${pages.filter((page) => page.locale === set.locale).length} ${set.locale}`).join(', ');
const pagefindVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'pagefind', 'package.json'), 'utf8')) as { version: string })
  .version;
const report = `Pages indexed: ${counted}; Pagefind ${pagefindVersion}, Chromium ${chromium}.\n\n${tables.join('\n\n')}\n${notes.length ? `\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
console.log(report);
if (errors.length) {
  console.error(`The search pages reported errors:\n${errors.join('\n')}`);
  process.exitCode = 1;
} else if (!process.argv.includes('--no-docs') && writeBetweenMarkers(join(ROOT, 'docs', 'search.md'), 'search-quality', report)) {
  console.log('docs/search.md updated with these results.');
}
