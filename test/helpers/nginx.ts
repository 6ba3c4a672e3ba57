/**
 * Runs Debian's nginx on 127.0.0.1 with the shipped hosting/nginx.conf: the server block is included as
 * is, with only its `root` and `listen` lines replaced (the two lines docs/hosting.md, "Hosting", tells a user to adapt).
 * Everything nginx writes (pid, logs, temp files) stays in a temp folder; nginx runs in the foreground
 * as a child of the test and is stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT, tempDir } from './cli.ts';
import { NGINX } from './system.ts';

/** A running nginx. */
export interface Nginx {
  /** `http://127.0.0.1:<port>`, without trailing slash. */
  url: string;
  /** The nginx error log so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the system picks it; the test binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** The shipped server block with `root`, the redirect map's `include` and `listen` pointed at `dir` and `port`. */
export function serverBlock(dir: string, port: number): string {
  const shipped = readFileSync(join(ROOT, 'hosting', 'nginx.conf'), 'utf8');
  const block = shipped
    .replace(/^(\s*)root\s+[^;]+;/m, `$1root ${dir};`)
    .replace(/^(\s*)include\s+\S+\/(\.redirects\.nginx);/m, `$1include ${dir}/$2;`)
    .replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^\s*listen\s+\[::\]:80;\n/m, '');
  if (
    block === shipped ||
    !block.includes(`root ${dir};`) ||
    !block.includes(`include ${dir}/.redirects.nginx;`) ||
    !block.includes(`listen 127.0.0.1:${port};`)
  ) {
    throw new Error('hosting/nginx.conf no longer has the `root`, `include` and `listen 80;` lines docs/hosting.md tells users to adapt.');
  }
  return block;
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    try {
      await fetch(`${url}/`, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  throw new Error(`nginx did not answer within 10 s:\n${log()}`);
}

/** Starts nginx serving the built folder `dir`. */
export async function startNginx(dir: string): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx package.`);
  const prefix = tempDir('ecom-nginx-');
  // Worker processes may run as an unprivileged user (when the test runs as root): they must be able
  // to read the output, which sits in a 0700 temp folder.
  chmodSync(join(dir, '..'), 0o755);
  const port = await freePort();
  const errorLog = join(prefix, 'error.log');
  writeFileSync(join(prefix, 'site.conf'), serverBlock(dir, port));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(prefix, name)};`),
      `  include ${join(prefix, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const log = (): string => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const child = spawn(NGINX, ['-c', join(prefix, 'nginx.conf'), '-p', prefix, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => `${stderr}${log()}`);
  return {
    url,
    log,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
