#!/usr/bin/env node
// Entry point of the `ecom-site` command. The CLI is written in TypeScript under cli/; rather than asking
// users to remember a compile step, this file bundles it with esbuild on first use and whenever a source
// file changes. The bundle is keyed by a hash of the sources, so a stale bundle can never run, and it is
// written to a temp name and renamed, so two commands starting at once cannot see half a file.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** `--debug`: stack traces, through the bundle's source map. */
const debug = process.argv.includes('--debug');
const cacheDir = join(root, 'node_modules', '.cache', 'ecom-site');

/** Lists the files of a folder tree in a stable order. */
function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (/\.(tsx?|m?js|cjs|json|patch)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * The files whose content decides the bundle: this file, package.json and package-lock.json (the versions
 * of the bundled dependencies), every source under cli/ and shared/ (what the browser scripts use too), and
 * patches/, the diffs patch-package applies to bundled dependencies at install. The CLI imports nothing from
 * client/: the build bundles those scripts itself (cli/core/load/bundle.ts).
 */
function sourceFiles() {
  const lock = join(root, 'package-lock.json');
  return [
    fileURLToPath(import.meta.url),
    join(root, 'package.json'),
    ...(existsSync(lock) ? [lock] : []),
    ...['cli', 'shared', 'patches'].flatMap((dir) => (existsSync(join(root, dir)) ? listFiles(join(root, dir)) : [])),
  ];
}

/** A hash of the sources' contents: what names the bundle (and, through it, every build cache key). */
function contentHash(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.slice(root.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The content hash of the sources, read only when a file's size or mtime changed since the last run: a
 * stamp file maps the sources' `stat` fingerprint to their content hash, so an ordinary start lists and
 * stats the files but reads none of them. A touched but unchanged file costs one read of the
 * sources and keeps the same hash, so no build cache is lost.
 */
function sourceHash() {
  const files = sourceFiles();
  const stamp = createHash('sha256');
  for (const file of files) {
    const info = statSync(file);
    stamp.update(`${file}\0${info.size}\0${info.mtimeMs}\0`);
  }
  const fingerprint = stamp.digest('hex');
  const stampFile = join(cacheDir, 'cli-stamp.json');
  try {
    const known = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (known.fingerprint === fingerprint && /^[0-9a-f]{16}$/.test(known.hash)) return known.hash;
  } catch {
    // no stamp yet, or an unreadable one: hash the contents
  }
  const hash = contentHash(files);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${stampFile}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ fingerprint, hash }));
    renameSync(temp, stampFile);
  } catch {
    // a read-only install still runs; it hashes the sources each time
  }
  return hash;
}

/**
 * Bundles the CLI into `cli-<hash>/index.cjs` and its render worker into `worker.mjs` beside it (the build
 * starts worker threads from there). Built in a temp folder and renamed into place.
 *
 * The CLI is a CommonJS bundle so that it can be compiled with a V8 code cache (`loadCli`); Node 20 has
 * no code cache for ES modules. Its `import()` calls become `require()`: a script compiled from a code
 * cache loses its dynamic-import callback on Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and since
 * Node 20.19 `require()` loads ES modules too (chokidar, linkinator; cli/core/load/bundle.ts loads the
 * compiled templates that way).
 */
async function ensureBundle() {
  const dir = join(cacheDir, `cli-${sourceHash()}`);
  const entry = join(dir, 'index.cjs');
  if (existsSync(entry)) return entry;
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${dir}.${process.pid}.tmp`;
  const shared = {
    outdir: temp,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // The unified/micromark ecosystem is hundreds of small modules; bundling them into the CLI makes
    // start-up several times faster than resolving each. React stays external so templates
    // and renderer share one copy; esbuild, chokidar and linkinator are native or loaded lazily; sharp
    // loads its native libvips binding from its own folder, which a bundle cannot hold. The S3 client is
    // loaded by `deploy` alone, from node_modules, so it adds nothing to the other commands' start-up.
    // Pagefind's JavaScript is bundled: an ES module package, it would start Node's ES module loader in
    // every build that indexes; its binary is still found in node_modules, from the bundle's folder.
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'chokidar', 'linkinator', 'sharp', '@aws-sdk/client-s3'],
    // react-dom/server's Node entry loads two renderers, the streaming one and the legacy one that holds
    // renderToStaticMarkup, the only one the CLI and its render threads use; the legacy one is bundled
    // alone (the production build, as NODE_ENV is set below), still using the one React of node_modules.
    alias: {
      'react-dom/server': join(
        dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
        'cjs',
        'react-dom-server-legacy.node.production.js',
      ),
    },
    // Source maps are separate files, read only with --debug (parsing them costs start-up time).
    sourcemap: 'linked',
    logLevel: 'error',
  };
  await Promise.all([
    build({
      ...shared,
      entryPoints: { index: join(root, 'cli', 'index.ts') },
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': '__ecomFileUrl' },
      // "use strict" first: the sources are ES modules, strict throughout (esbuild's own directive comes
      // after the banner, where it would have no effect).
      banner: { js: "'use strict';\nconst __ecomFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    }),
    build({
      ...shared,
      entryPoints: { worker: join(root, 'cli', 'core', 'render', 'worker.ts') },
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      // CommonJS dependencies inside an ES module bundle need a real `require` for Node's built-ins.
      banner: {
        js: "import { createRequire as __ecomCreateRequire } from 'node:module'; const require = __ecomCreateRequire(import.meta.url);",
      },
    }),
  ]);
  try {
    renameSync(temp, dir);
  } catch {
    // Another command built the same sources at the same moment; its copy is identical.
    rmSync(temp, { recursive: true, force: true });
  }
  // Older bundles, and temp folders of commands killed while bundling (their process is gone), go.
  for (const name of readdirSync(cacheDir)) {
    const temp = /^cli-[0-9a-f]+\.(\d+)\.tmp$/.exec(name);
    const stale = temp ? !processAlive(Number(temp[1])) : /^cli-[0-9a-f]+$/.test(name) && join(cacheDir, name) !== dir;
    if (stale) rmSync(join(cacheDir, name), { recursive: true, force: true });
  }
  return entry;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs the CLI bundle the way Node runs a CommonJS module, but compiled with a V8 code cache kept beside
 * it, one per command (`index.cjs.build.code-cache`; `other` for --version, --help and mistakes): the
 * bytecode of every function that command ran the first time it finished, so a later start parses and
 * compiles almost nothing. V8 checks a cache against the source and its own version and flags,
 * and rejects one that does not match; the cache is then made again after the command. With --debug the
 * bundle is loaded by Node itself, which maps stack traces through its source map.
 */
function loadCli(file) {
  const require = createRequire(file);
  if (debug) return { main: require(file).main, saveCodeCache() {} };
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  const cacheFile = `${file}.${['build', 'watch', 'check', 'l10n'].includes(command) ? command : 'other'}.code-cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet: compile from source and make one after the command
  }
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return {
    main: module.exports.main,
    /** After the command, so that the cache holds the functions it compiled on the way. */
    saveCodeCache() {
      if (cachedData !== undefined && !script.cachedDataRejected) return;
      const temp = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      let fd;
      try {
        // Opened before the cache is made: a read-only install skips the work.
        fd = openSync(temp, 'wx');
      } catch {
        return; // a read-only install still runs; it compiles from source each time
      }
      try {
        try {
          writeFileSync(fd, script.createCachedData());
        } finally {
          closeSync(fd);
        }
        renameSync(temp, cacheFile);
      } catch {
        rmSync(temp, { force: true }); // a full disk: no half-written cache is left
      }
    },
  };
}

/**
 * The CLI cannot be compiled or loaded (a read-only or full disk under node_modules/, a broken install):
 * one line saying so, the stack only with --debug (the CLI's own errors are printed by its `main`).
 */
function printStartFailure(error) {
  const code =
    { ENOSPC: 'DISK_FULL', EDQUOT: 'DISK_FULL', EACCES: 'PERMISSION_DENIED', EPERM: 'PERMISSION_DENIED', EROFS: 'PERMISSION_DENIED' }[
      error?.code
    ] ?? 'INTERNAL';
  const reason = String(error?.message ?? error).split('\n')[0];
  process.stderr.write(
    `${code}  Cannot compile the ecom-site command into ${cacheDir}: ${reason}. Check that this folder is writable and has free space, or run \`npm install\` again.\n`,
  );
  if (debug && error?.stack) process.stderr.write(`${error.stack}\n`);
  return 1;
}

// React's production build renders faster and never prints development warnings into a user's build.
process.env.NODE_ENV = 'production';
if (debug) process.setSourceMapsEnabled(true);
let cli;
try {
  cli = loadCli(await ensureBundle());
} catch (error) {
  process.exitCode = printStartFailure(error);
}
if (cli) {
  process.exitCode = await cli.main(process.argv);
  cli.saveCodeCache();
}
