/**
 * The outdated-translation notice of the layout (docs/l10n.md, "What the reader sees") in real Chromium:
 * on a copy of the real site whose Chinese DROC page was edited after its English page was stamped, the
 * English page opens its content with a note in English linking to the Chinese page, and axe-core finds
 * no serious or critical violation on it, at a phone's width and a desktop's (with WCAG 2.5.8's
 * target-size rule on, as the site-wide audit runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../cli/core/serve/serve.ts';
import { cspHeaders } from '../../../cli/core/serve/csp.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { AXE_SOURCE } from '../../helpers/axe.ts';
import { copyContent, runCli } from '../../helpers/cli.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const content = copyContent();
  const file = join(content, 'zh', 'DROC.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('处理和发送', '处理、打印和发送'));
  const out = join(dirname(content), 'dist');
  const built = await runCli(['build', '--content', content, '--out', out, '--quiet']);
  expect(built.code, built.stderr).toBe(0);
  [server, browser] = await Promise.all([startServer({ dir: out, host: '127.0.0.1', port: 0, headers: cspHeaders }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the outdated-translation notice', () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1920, height: 1080 },
  ]) {
    it(`is a note in the page's language linking to the original, with no serious axe finding at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ viewport });
      // An init script is not subject to the page's Content-Security-Policy.
      await context.addInitScript({ content: AXE_SOURCE });
      const page = await context.newPage();
      await page.goto(`${server.url}/en/DROC`);
      const note = page.getByRole('note');
      expect(await note.count()).toBe(1);
      expect(await note.isVisible()).toBe(true);
      expect(await note.textContent()).toContain('this translation may be out of date');
      const link = note.getByRole('link', { name: 'Read the original' });
      expect(await link.getAttribute('href')).toBe('/DROC');
      expect(await link.getAttribute('hreflang')).toBe('zh-CN');
      const violations = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string }> }> };
        };
        const result = await axe.run(document, { rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      expect(violations).toEqual([]);
      await page.goto(`${server.url}/DROC`);
      expect(await page.getByRole('note').count()).toBe(0);
      await context.close();
    }, 60_000);
  }
});
