/**
 * Options are validated like site.yaml: a wrong value is a USAGE problem (exit 2)
 * naming the option, the value and what is allowed, printed before anything is built or written.
 * `--report json` leaves stdout to the JSON alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBaseUrl } from '../../../cli/core/load/config.ts';
import { parseHost } from '../../../cli/commands/options.ts';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';

describe('option values', () => {
  it.each([
    [
      ['build', '--base-url', 'example.org'],
      /USAGE {2}Option '--base-url <url>' argument 'example\.org' is invalid\. Expected an absolute http\(s\) URL/,
    ],
    [
      ['build', '--base-url', 'ftp://x.org'],
      /USAGE {2}Option '--base-url <url>' argument 'ftp:\/\/x\.org' is invalid\. Expected an absolute http\(s\) URL/,
    ],
    [['watch', '--base-url', 'example.org'], /USAGE {2}Option '--base-url <url>' argument 'example\.org' is invalid/],
    [['build', '--report', 'xml'], /USAGE {2}Option '--report \[format\]' argument 'xml' is invalid\. Allowed choices are text, json\./],
    [['watch', '--strict'], /USAGE {2}--strict applies to `build` only/],
    [['watch', '--report'], /USAGE {2}--report applies to `build` only/],
    [['watch', '--report', 'json', '--strict'], /USAGE {2}--strict and --report apply to `build` only/],
    [
      ['watch', '--host', 'bad host!'],
      /USAGE {2}Option '--host <host>' argument 'bad host!' is invalid\. Expected an IP address or a host name/,
    ],
  ])(
    'ecom-site %j is a USAGE problem, exit 2, nothing written',
    async (args, pattern) => {
      const out = join(tempDir(), 'dist');
      // Were the value accepted, watch would serve on any free port (and the test would time out).
      const port = args[0] === 'watch' ? ['--port', '0'] : [];
      const result = await runCli([...args, ...port, '--content', makeContent(), '--out', out]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(pattern);
      expect(result.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
    },
    60_000,
  );

  it('accepts an http(s) base URL and writes it into canonical links', async () => {
    const out = join(tempDir(), 'dist');
    const result = await runCli([
      'build',
      '--content',
      makeContent(),
      '--out',
      out,
      '--quiet',
      '--base-url',
      'http://staging.example.org/site/',
    ]);
    expect(result.code).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<link rel="canonical" href="http://staging.example.org/site/"/>');
  }, 60_000);

  it('checks site.yaml baseUrl and --base-url with one rule', () => {
    for (const ok of ['https://www.example.com', 'http://x.org/sub/', 'https://127.0.0.1:8080']) expect(isBaseUrl(ok), ok).toBe(true);
    for (const bad of ['example.org', 'ftp://x.org', 'https://', 'https://x.org?a=1', 'https://x.org/#top', 'https://x .org', '/path'])
      expect(isBaseUrl(bad), bad).toBe(false);
  });

  it('checks --host syntax, leaving availability to the listen call', () => {
    for (const ok of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'dev-box.local', '203.0.113.7']) expect(parseHost(ok)).toBe(ok);
    for (const bad of ['bad host!', 'http://x', '-lead', 'a..b', ''])
      expect(() => parseHost(bad), bad).toThrow(/Expected an IP address or a host name/);
  });
});

describe('--report json', () => {
  it('leaves stdout to the JSON alone; the summary and warnings go to stderr', async () => {
    const content = makeContent({ 'zh/only.md': '---\ntitle: 仅中文\ndescription: 只有中文\n---\n\n中文。\n' });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--report', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { pages: Array<{ route: string; locales: Record<string, string> }> };
    expect(report.pages.find((p) => p.route === '/only')?.locales).toEqual({ zh: 'own', en: 'fallback' });
    expect(result.stderr).toMatch(/^Built \d+ pages/m);
    expect(result.stderr).toContain('TRANSLATION_MISSING');
  }, 60_000);

  it('keeps the text report and the summary on stdout', async () => {
    const result = await runCli(['build', '--content', makeContent(), '--out', join(tempDir(), 'dist'), '--report']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Translation report\n[\s\S]*\nBuilt \d+ pages/);
  }, 60_000);
});
