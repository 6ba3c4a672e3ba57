/**
 * Warnings are part of every rebuild in `watch` (issue 12): new and resolved ones are printed, the browser
 * shows them apart from errors, and the full list is served on demand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyContent, ROOT } from '../../helpers/cli.ts';
import { launchBrowser } from '../../helpers/browser.ts';

let child: ChildProcess;
let url: string;
let content: string;
let stderr = '';
let stdout = '';

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out; stdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  // The real content, which builds without a warning.
  content = copyContent();
  const out = join(dirname(content), 'dist');
  child = spawn(process.execPath, [join(ROOT, 'bin', 'ecom-site.js'), 'watch', '--content', content, '--out', out, '--port', '0'], {
    cwd: ROOT,
  });
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  url = await until(() => /Serving (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1], 60_000);
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('watch reports warnings on every rebuild', () => {
  it('prints a new warning, serves the list, and prints it as resolved once fixed', async () => {
    const file = join(content, 'en', 'join.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n<div>raw</div>\n`);
    await until(() => (/1 new warning\(s\):[\s\S]*RAW_HTML/.test(stderr) ? true : undefined));
    expect(stderr).toMatch(/en\/join\.md:\d+:\d+\s+RAW_HTML/);
    const list = await (await fetch(`${url}/__ecom/warnings`)).text();
    expect(list).toContain('RAW_HTML');
    expect(list).toContain('en/join.md');

    writeFileSync(file, good);
    await until(() => (/1 warning\(s\) resolved:[\s\S]*RAW_HTML/.test(stderr) ? true : undefined));
    expect(await (await fetch(`${url}/__ecom/warnings`)).text()).toBe('No warnings.\n');
  });

  it('warns when a page is written in one locale only, and clears it when the twin is written', async () => {
    const only = join(content, 'en', 'solo.md');
    writeFileSync(only, '---\ntitle: Solo\ndescription: English only\n---\n\nText.\n');
    await until(() => (/new warning\(s\):[\s\S]*TRANSLATION_MISSING/.test(stderr) ? true : undefined));
    writeFileSync(join(content, 'zh', 'solo.md'), '---\ntitle: 独奏\ndescription: 中文\n---\n\n正文。\n');
    await until(() => (/warning\(s\) resolved:[\s\S]*TRANSLATION_MISSING/.test(stderr) ? true : undefined));
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
    await until(() => (/Change detected: [^\n]*site\.yaml[\s\S]*Rebuilt/.test(stdout) ? true : undefined));
    const file = join(content, 'en', 'join.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n${'A long line of text. '.repeat(3000)}\n`);
    await until(() => (/en\/join\.md\s+PAGE_TOO_LARGE/.test(stderr) ? true : undefined));
    expect(await (await fetch(`${url}/en/join`)).text()).not.toContain('A long line of text.');
    writeFileSync(file, good);
    writeFileSync(site, settings);
    await until(async () => ((await (await fetch(`${url}/__ecom/warnings`)).text()) === 'No warnings.\n' ? true : undefined));
  });
});
