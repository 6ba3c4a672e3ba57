/**
 * `ecom-site watch` of a three-locale site (test/fixtures/ja): its server answers each locale's 404 page,
 * and a translation written while it runs replaces the stand-in and becomes an alternate of the other
 * locales' pages (the planner re-renders them: their hreflang links changed).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnWatch, waitFor, type WatchProcess } from '../../helpers/cli.ts';
import { makeJapaneseContent } from '../../helpers/ja-site.ts';

let watch: WatchProcess | undefined;

afterAll(async () => {
  if (watch && watch.child.exitCode === null) {
    watch.child.kill('SIGINT');
    await watch.exited;
  }
});

const read = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

describe('watch with zh, en and ja', () => {
  it('serves the ja 404 page and turns a stand-in into the translation written while it runs', async () => {
    const content = makeJapaneseContent();
    const out = join(dirname(content), 'dist');
    watch = spawnWatch(content, out);
    const running = watch;
    const explain = (): string => running.output.all;
    const url = await waitFor(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(running.output.stdout)?.[1], explain, 120_000);

    const missing = await fetch(`${url}/ja/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html lang="ja" data-route="404___ja">');
    expect(read(join(out, 'ja/company/company.html'))).toContain('<main id="main" tabindex="-1" lang="en"');

    const english = readFileSync(join(content, 'en/company/company.md'), 'utf8');
    mkdirSync(join(content, 'ja/company'));
    writeFileSync(join(content, 'ja/company/company.md'), english.replace(/^title: .*$/m, 'title: 会社案内'));
    await waitFor(() => read(join(out, 'ja/company/company.html')).includes('<title>会社案内</title>') || undefined, explain, 60_000);
    await waitFor(() => read(join(out, 'en/company/company.html')).includes('hreflang="ja"') || undefined, explain, 60_000);
    const page = read(join(out, 'ja/company/company.html'));
    expect(page).toContain('<link rel="canonical" href="https://www.e-com.example/ja/company/company"/>');
    expect(page).not.toContain('<main id="main" tabindex="-1" lang="en"');
  }, 240_000);
});
