/**
 * axe-core in the browser tests: its source, injected as an init script (which the page's
 * Content-Security-Policy does not apply to), and one run over the page shown.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/** axe-core's browser build, to be injected with `context.addInitScript`. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Makes axe-core available on every page the context opens from now on. */
export async function injectAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * axe-core's violations of every impact on the page shown (injected with `injectAxe`), with the
 * `target-size` rule of WCAG 2.5.8 switched on, each as `rule (impact): targets`.
 */
export function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Result = { id: string; impact: string; nodes: Array<{ target: string[] }> };
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> } };
    const { violations } = await axe.run(document, { rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
