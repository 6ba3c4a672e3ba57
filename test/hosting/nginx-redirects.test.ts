/**
 * Moved pages on the shipped nginx configuration (docs/hosting.md, "Moved pages"): real nginx, with the
 * redirect map the build writes included as hosting/nginx.conf says, answers each old address with a real
 * 301 (or the 302 asked for) and a relative Location, with the site's headers; the map itself is never
 * served; the built-in server of `watch` answers the same.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../cli/core/serve/serve.ts';
import { makeContent, runCli, tempDir } from '../helpers/cli.ts';
import { startNginx, type Nginx } from '../helpers/nginx.ts';

const page = (title: string, extra = ''): string => `---\ntitle: ${title}\ndescription: d\nkeywords: k\n${extra}---\n\nText.\n`;

let nginx: Nginx;
let dev: RunningServer;

beforeAll(async () => {
  const content = makeContent({
    'site.yaml':
      'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n' +
      'redirects:\n  - { from: /old-brochure.pdf, to: /关于 }\n  - { from: /en/promo, to: /en/Mobile, status: 302 }\n',
    'zh/Mobile.md': page('移动', 'aliases: [/DMOC, /products/dmoc, /旧名]\n'),
    'en/Mobile.md': page('Mobile'),
    'zh/关于.md': page('关于'),
    'en/关于.md': page('About'),
  });
  const out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
  expect(result.code, result.stderr).toBe(0);
  [nginx, dev] = await Promise.all([startNginx(out), startServer({ dir: out })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([nginx?.stop(), dev?.close()]);
});

const CASES: Array<[string, number, string | null]> = [
  ['/DMOC', 301, '/Mobile'],
  ['/en/DMOC', 301, '/en/Mobile'],
  ['/products/dmoc', 301, '/Mobile'],
  ['/en/products/dmoc', 301, '/en/Mobile'],
  ['/%E6%97%A7%E5%90%8D', 301, '/Mobile'],
  ['/en/%E6%97%A7%E5%90%8D', 301, '/en/Mobile'],
  ['/old-brochure.pdf', 301, '/%E5%85%B3%E4%BA%8E'],
  ['/en/promo', 302, '/en/Mobile'],
  ['/Mobile', 200, null],
  ['/en/Mobile', 200, null],
  ['/dmoc', 404, null],
  ['/.redirects.nginx', 404, null],
];

describe.each([
  ['the shipped nginx configuration', () => nginx.url],
  ['the built-in server', () => dev.url],
])('old addresses on %s', (_name, base) => {
  it.each(CASES)('answers %s with %i, Location %s', async (path, status, location) => {
    const response = await fetch(`${base()}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
  });

  it('sends the HEAD of a redirect the same way', async () => {
    const response = await fetch(`${base()}/DMOC`, { method: 'HEAD', redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([301, '/Mobile']);
  });
});

describe('a redirect on nginx', () => {
  it("carries the site's security headers and revalidates", async () => {
    const response = await fetch(`${nginx.url}/DMOC`, { redirect: 'manual' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses other methods as every other path does', async () => {
    const response = await fetch(`${nginx.url}/DMOC`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(405);
  });

  it('leads to the page in a browser-like client', async () => {
    const response = await fetch(`${nginx.url}/en/DMOC`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${nginx.url}/en/Mobile`);
    expect(await response.text()).toContain('<html lang="en"');
  });
});
