/**
 * Every page a build writes is valid HTML: html-validate, with the project's rules (.htmlvalidate.mjs: the
 * recommended set less what React's serialisation decides), over every `.html` file of the real site, of its
 * preview build under a base path, and of the three-locale fixture with moved pages (an alias and a redirect
 * in each locale): content pages, the 404 pages, the search pages and the pages at old addresses. The real
 * site's two builds are the run's shared ones (test/helpers/shared-site.ts); the fixture is built once here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { type ConfigData, HtmlValidate, StaticConfigLoader } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { makeJapaneseContent } from '../helpers/ja-site.ts';
import { sharedPreviewSite, sharedSite } from '../helpers/shared-site.ts';

/** The old addresses the fixture adds: a front matter alias and a site.yaml redirect in each locale. */
const MOVED = {
  aliases: { 'zh/DR.md': '/old-dr', 'en/DR.md': '/old-dr', 'ja/contactUs.md': '/old-contact' },
  redirects: [
    { from: '/old-brochure', to: '/DROC' },
    { from: '/en/old-brochure', to: '/en/DROC' },
    { from: '/ja/old-brochure', to: '/ja/news' },
  ],
};

/** The three-locale fixture with the moved pages of `MOVED`, built into a new folder. */
async function buildMovedJapanese(): Promise<string> {
  const content = makeJapaneseContent();
  for (const [file, alias] of Object.entries(MOVED.aliases)) {
    const path = join(content, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, `---\naliases: [${alias}]\n`));
  }
  const redirects = MOVED.redirects.map(({ from, to }) => `  - { from: ${from}, to: ${to} }\n`).join('');
  writeFileSync(join(content, 'site.yaml'), `${readFileSync(join(content, 'site.yaml'), 'utf8')}redirects:\n${redirects}`);
  const out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
  if (result.code !== 0) throw new Error(`the fixture did not build (${result.code}):\n${result.stderr}`);
  return out;
}

/** Each problem html-validate finds in the `.html` files under `dir`, as `file:line:column  rule  message`. */
async function problemsIn(validator: HtmlValidate, dir: string, files: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(join(dir, file), 'utf8'), file);
    for (const { messages } of report.results) {
      for (const m of messages) problems.push(`${file}:${m.line}:${m.column}  ${m.ruleId}  ${m.message}`);
    }
  }
  return problems;
}

/**
 * The project's rules, resolved once: html-validate's own static loader resolves them again for every file
 * (its element table included), which cost more than the check itself.
 */
class ResolvedOnce extends StaticConfigLoader {
  #resolved: ReturnType<StaticConfigLoader['getConfigFor']> | undefined;
  override getConfigFor(handle: string, override?: ConfigData): ReturnType<StaticConfigLoader['getConfigFor']> {
    this.#resolved ??= super.getConfigFor(handle, override);
    return this.#resolved;
  }
}

let validator: HtmlValidate;
const sites: Record<string, string> = {};

beforeAll(async () => {
  const config = ((await import(join(ROOT, '.htmlvalidate.mjs'))) as { default: ConfigData }).default;
  validator = new HtmlValidate(new ResolvedOnce(config));
  const [real, preview, ja] = await Promise.all([sharedSite(), sharedPreviewSite(), buildMovedJapanese()]);
  Object.assign(sites, { real, preview: preview.dir, ja });
}, 240_000);

const pagesOf = (dir: string): string[] => fg.sync('**/*.html', { cwd: dir, dot: true }).sort();

describe('valid HTML: html-validate over every page', () => {
  it('finds no problem on any page of the real site', async () => {
    const files = pagesOf(sites.real ?? '');
    expect(files).toEqual(
      expect.arrayContaining(['index.html', '404.html', 'en/404.html', 'search.html', 'en/search.html', 'contactUs.html']),
    );
    expect(await problemsIn(validator, sites.real ?? '', files)).toEqual([]);
  });

  it('finds no problem on any page of the preview build under a base path', async () => {
    const files = pagesOf(sites.preview ?? '');
    expect(files).toEqual(expect.arrayContaining(['index.html', '404.html', 'en/search.html', 'company/company.html']));
    expect(await problemsIn(validator, sites.preview ?? '', files)).toEqual([]);
  });

  it('finds no problem on any page of the three-locale fixture, old addresses included', async () => {
    const files = pagesOf(sites.ja ?? '');
    const moved = [
      'old-dr.html',
      'en/old-dr.html',
      'ja/old-contact.html',
      'old-brochure.html',
      'en/old-brochure.html',
      'ja/old-brochure.html',
    ];
    expect(files).toEqual(expect.arrayContaining([...moved, 'ja/index.html', 'ja/404.html', 'ja/search.html', 'ja/contactUs.html']));
    expect(await problemsIn(validator, sites.ja ?? '', files)).toEqual([]);
  });
});
