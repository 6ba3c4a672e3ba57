/**
 * cli/core/serve/serve.ts: the static server of the browser tests and `watch`. Requests are sent with
 * node:http so that paths reach the server exactly as written (fetch would normalise `..` away).
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cspHeaders } from '../../../../cli/core/serve/csp.ts';
import { pathSegments, startServer, type RunningServer } from '../../../../cli/core/serve/serve.ts';
import { tempDir } from '../../../helpers/cli.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends one raw request to the server. */
function send(server: RunningServer, path: string, method = 'GET'): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  return new Promise((done, fail) => {
    // A fresh connection each time: a pooled keep-alive socket would hide a closed server.
    const req = request({ hostname, port, path, method, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

const FILES: Record<string, string> = {
  'index.html': 'zh home',
  'DROC.html': 'zh DROC',
  'company.html': 'zh company',
  'company/company.html': 'zh company/company',
  'en.html': 'en home',
  'en/index.html': 'en home (index)',
  'en/DROC.html': 'en DROC',
  '404.html': 'zh not found',
  'en/404.html': 'en not found',
  'assets/app.0123456789.js': 'console.log(1)',
  'assets/site.0123456789.css': 'body{}',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sitemap.xml': '<urlset/>',
  'robots.txt': 'User-agent: *',
  'data.bin': 'binary',
  'en/news/feed.xml': '<feed/>',
  '.ecom-site': 'marker',
};

let root: string;
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  root = tempDir('ecom-serve-');
  dir = join(root, 'dist');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(root, 'secret.txt'), 'SECRET outside the folder');
  writeFileSync(join(root, 'dist.html'), 'SECRET next to the folder');
  symlinkSync(join(root, 'secret.txt'), join(dir, 'link.txt'));
  server = await startServer({ dir, host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('startServer', () => {
  test('listens on a free port of the host when given port 0', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(server.url).port).not.toBe('0');
  });

  test('serves each route at its exact path, like try_files $uri $uri.html $uri/index.html', async () => {
    const cases: Array<[string, string]> = [
      ['/', 'zh home'],
      ['/DROC', 'zh DROC'],
      ['/DROC?from=test', 'zh DROC'],
      ['/DROC.html', 'zh DROC'],
      ['/company', 'zh company'],
      ['/company/company', 'zh company/company'],
      ['/en', 'en home'],
      ['/en/', 'en home (index)'],
      ['/en/DROC', 'en DROC'],
    ];
    for (const [path, body] of cases) {
      const reply = await send(server, path);
      expect([path, reply.status, reply.body]).toEqual([path, 200, body]);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  test('sends the content type of each kind of file', async () => {
    const types: Array<[string, string]> = [
      ['/assets/app.0123456789.js', 'text/javascript; charset=utf-8'],
      ['/assets/site.0123456789.css', 'text/css; charset=utf-8'],
      ['/images/logo.svg', 'image/svg+xml'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/en/news/feed.xml', 'application/atom+xml; charset=utf-8'],
      ['/data.bin', 'application/octet-stream'],
    ];
    for (const [path, type] of types) {
      const reply = await send(server, path);
      expect([path, reply.status, reply.headers['content-type']]).toEqual([path, 200, type]);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('answers a missing path with 404 and the 404 page of its locale', async () => {
    const cases: Array<[string, string]> = [
      ['/nowhere', 'zh not found'],
      ['/DROC/', 'zh not found'],
      ['/en/nowhere', 'en not found'],
      ['/english/nowhere', 'zh not found'],
      ['/.ecom-site', 'zh not found'],
    ];
    for (const [path, body] of cases) {
      const reply = await send(server, path);
      expect([path, reply.status, reply.body]).toEqual([path, 404, body]);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const reply = await send(server, '/DROC', 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength('zh DROC')));
    expect(reply.body).toBe('');
  });

  test('refuses every other method with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const reply = await send(server, '/DROC', method);
      expect([method, reply.status, reply.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
    }
  });

  test('never serves a file outside the folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/en/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/en/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/./../secret.txt',
      '/secret.txt%00.html',
      '/link.txt',
      '/../dist',
      '//secret.txt',
    ];
    for (const path of attempts) {
      const reply = await send(server, path);
      expect([path, reply.body.includes('SECRET')]).toEqual([path, false]);
      expect([400, 404]).toContain(reply.status);
    }
  });

  test('answers a malformed percent-encoding with 400', async () => {
    expect((await send(server, '/%E0%A4%A')).status).toBe(400);
  });

  test('adds the configured headers to every response', async () => {
    const other = await startServer({ dir, headers: { 'content-security-policy': "script-src 'self'" } });
    for (const path of ['/', '/nowhere', '/assets/app.0123456789.js']) {
      expect((await send(other, path)).headers['content-security-policy']).toBe("script-src 'self'");
    }
    await other.close();
  });

  test('chooses the headers by path when given a function: the search policy on search paths only', async () => {
    // Written out, not taken from csp.ts: the policy a browser receives is what this test pins.
    const site =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    const search = site.replace("script-src 'self';", "script-src 'self' 'wasm-unsafe-eval';");
    const other = await startServer({ dir, headers: cspHeaders });
    for (const path of ['/search', '/en/search?q=x', '/pagefind/pagefind-worker.js', '/ja/pagefind/index/x.pf_index', '/nowhere/search']) {
      expect((await send(other, path)).headers['content-security-policy'], path).toBe(search);
    }
    for (const path of ['/', '/DROC', '/en/DROC?q=search', '/en/news/search-tips', '/assets/app.0123456789.js', '/a/b/search']) {
      expect((await send(other, path)).headers['content-security-policy'], path).toBe(site);
    }
    await other.close();
  });

  test('stops listening on close()', async () => {
    const other = await startServer({ dir });
    expect(other.url).not.toBe(server.url);
    expect((await send(other, '/')).status).toBe(200);
    await other.close();
    await expect(send(other, '/')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('pathSegments', () => {
  test('decodes each segment and drops empty ones', () => {
    expect(pathSegments('/en/DROC?x=1#y')).toEqual(['en', 'DROC']);
    expect(pathSegments('/news/%E6%96%B0%E9%97%BB')).toEqual(['news', '新闻']);
    expect(pathSegments('/')).toEqual([]);
    expect(pathSegments('//a//b/')).toEqual(['a', 'b']);
  });

  test('refuses dot segments, encoded separators, NUL and paths that are not absolute', () => {
    for (const path of ['/..', '/a/./b', '/%2e%2E', '/a%2Fb', '/a%5Cb', '/a\\b', '/a%00', 'http://evil/x', '*']) {
      expect([path, pathSegments(path)]).toEqual([path, undefined]);
    }
  });
});
