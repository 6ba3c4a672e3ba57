/**
 * Warnings are part of every rebuild in `watch`: new and resolved ones are printed, the browser
 * shows them apart from errors, and the full list is served on demand.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyContent, spawnWatch, waitFor, type WatchProcess } from '../../helpers/cli.ts';
import { launchBrowser } from '../../helpers/browser.ts';

let watch: WatchProcess;
let url: string;
let content: string;

/** Waits for `probe` as `waitFor` does, for at most `ms`; a timeout shows what watch printed. */
function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  return waitFor(probe, () => `stdout:\n${watch.output.stdout}\nstderr:\n${watch.output.stderr}`, ms);
}

beforeAll(async () => {
  // The real content, which builds without a warning.
  content = copyContent();
  watch = spawnWatch(content, join(dirname(content), 'dist'));
  url = await until(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(watch.output.stdout)?.[1], 60_000);
});

afterAll(() => {
  if (watch?.child.exitCode === null) watch.child.kill('SIGKILL');
});

describe('watch reports warnings on every rebuild', () => {
  it('prints a new warning, serves the list, and prints it as resolved once fixed', async () => {
    const file = join(content, 'en', 'join.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n<div>raw</div>\n`);
    await until(() => (/1 new warning\(s\):[\s\S]*RAW_HTML/.test(watch.output.stderr) ? true : undefined));
    expect(watch.output.stderr).toMatch(/en\/join\.md:\d+:\d+\s+RAW_HTML/);
    const list = await (await fetch(`${url}/__ecom/warnings`)).text();
    expect(list).toContain('RAW_HTML');
    expect(list).toContain('en/join.md');

    writeFileSync(file, good);
    await until(() => (/1 warning\(s\) resolved:[\s\S]*RAW_HTML/.test(watch.output.stderr) ? true : undefined));
    expect(await (await fetch(`${url}/__ecom/warnings`)).text()).toBe('No warnings.\n');
  });

  it('warns when a page is written in one locale only, and clears it when the twin is written', async () => {
    const only = join(content, 'en', 'solo.md');
    writeFileSync(only, '---\ntitle: Solo\ndescription: English only\n---\n\nText.\n');
    await until(() => (/new warning\(s\):[\s\S]*TRANSLATION_MISSING/.test(watch.output.stderr) ? true : undefined));
    writeFileSync(join(content, 'zh', 'solo.md'), '---\ntitle: 独奏\ndescription: 中文\n---\n\n正文。\n');
    await until(() => (/warning\(s\) resolved:[\s\S]*TRANSLATION_MISSING/.test(watch.output.stderr) ? true : undefined));
    rmSync(join(content, 'zh', 'solo.md'));
    rmSync(only);
    await until(async () => ((await (await fetch(`${url}/__ecom/warnings`)).text()) === 'No warnings.\n' ? true : undefined));
  });

  it('shows warnings in the browser in a panel of their own, apart from the error overlay', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/en/join`);
      const file = join(content, 'en', 'join.md');
      const good = readFileSync(file, 'utf8');
      writeFileSync(file, `${good}\n<div>raw again</div>\n`);
      // The page reloads for the edit; the panel comes with the stream's first message after it.
      await page.waitForSelector('#ecom-warnings', { timeout: 20_000 });
      expect(await page.locator('#ecom-warnings summary').textContent()).toMatch(/1 warning$/);
      expect(await page.locator('#ecom-overlay').count()).toBe(0);
      await page.locator('#ecom-warnings summary').click();
      expect(await page.locator('#ecom-warnings pre').textContent()).toContain('RAW_HTML');
      writeFileSync(file, good);
      await page.waitForSelector('#ecom-warnings', { state: 'detached', timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });

  it('refuses an edit that makes a page larger than maxPageSize, keeping the last good page', async () => {
    const site = join(content, 'site.yaml');
    const settings = readFileSync(site, 'utf8');
    writeFileSync(site, `${settings}maxPageSize: 40 KB\n`);
    await until(() => (/Change detected: [^\n]*site\.yaml[\s\S]*Rebuilt/.test(watch.output.stdout) ? true : undefined));
    const file = join(content, 'en', 'join.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n${'A long line of text. '.repeat(3000)}\n`);
    await until(() => (/en\/join\.md\s+PAGE_TOO_LARGE/.test(watch.output.stderr) ? true : undefined));
    expect(await (await fetch(`${url}/en/join`)).text()).not.toContain('A long line of text.');
    writeFileSync(file, good);
    writeFileSync(site, settings);
    await until(async () => ((await (await fetch(`${url}/__ecom/warnings`)).text()) === 'No warnings.\n' ? true : undefined));
  });
});
