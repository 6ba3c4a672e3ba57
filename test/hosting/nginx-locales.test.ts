/**
 * Hosting follows site.yaml's locales (docs/locales.md): the shipped nginx configuration, which names no
 * locale, and the dev server of `watch` serve a three-locale build (test/fixtures/ja) alike: every
 * locale's pages at their exact paths, each locale's 404 page under its prefix, the feeds as Atom.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../cli/core/serve/serve.ts';
import { buildJapaneseSite } from '../helpers/ja-site.ts';
import { startNginx, type Nginx } from '../helpers/nginx.ts';

const langOf = (html: string): string | undefined => /<html lang="([^"]+)"/.exec(html)?.[1];
const mainLangOf = (html: string): string | undefined => /<main id="main" tabindex="-1"(?: lang="([^"]+)")?/.exec(html)?.[1];

let nginx: Nginx;
let dev: RunningServer;

beforeAll(async () => {
  const built = await buildJapaneseSite();
  if (built.code !== 0) throw new Error(built.stderr);
  [nginx, dev] = await Promise.all([startNginx(built.out), startServer({ dir: built.out, host: '127.0.0.1', port: 0 })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([nginx?.stop(), dev?.close()]);
});

describe.each([
  ['the shipped nginx configuration', () => nginx.url],
  ['the dev server of watch', () => dev.url],
])('%s with zh, en and ja', (_name, url) => {
  it.each([
    ['/ja', 'ja', 'en'],
    ['/ja/home', 'ja', 'en'],
    ['/ja/contactUs', 'ja', undefined],
    ['/ja/news', 'ja', undefined],
    ['/ja/DROC', 'ja', 'en'],
    ['/ja/company/company', 'ja', 'en'],
    ['/DROC', 'zh-CN', undefined],
    ['/en/DROC', 'en', undefined],
  ])('serves %s with 200, no redirect, in lang %s (content in %s when a stand-in)', async (path, lang, content) => {
    const response = await fetch(`${url()}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(langOf(html)).toBe(lang);
    expect(mainLangOf(html)).toBe(content);
  });

  it.each([
    ['/ja/no-such-page', 'ja'],
    ['/ja/DROC/extra', 'ja'],
    ['/en/no-such-page', 'en'],
    ['/no-such-page', 'zh-CN'],
    ['/DROC/extra', 'zh-CN'],
  ])('answers %s with 404 and the %s 404 page', async (path, lang) => {
    const response = await fetch(`${url()}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(langOf(html)).toBe(lang);
    expect(html).toContain('data-route="404___');
  });

  it('serves the Japanese feed as Atom', async () => {
    const response = await fetch(`${url()}/ja/news/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    expect(await response.text()).toContain('xml:lang="ja"');
  });
});
