/**
 * The search index follows the pages without holding them up (docs/search.md, "How it fits the build"): a build indexes only
 * the locales whose indexed text changed and leaves the other locale's index files as they were; `watch`
 * writes a save's pages before anything of the index, brings the index up to date afterwards, and several
 * saves end with the index of the newest text, the same bytes a fresh build writes. Counted in events and
 * files, never in time.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../../../cli/core/build.ts';
import { endSession, indexInBackground, rebuild, startSession, type WatchState } from '../../../../cli/core/watch.ts';
import { makeContent, ROOT, tempDir } from '../../../helpers/cli.ts';
import { treeDigest } from '../../../helpers/site.ts';

const PAGES = {
  'en/alpha.md': '---\ntitle: Alpha\ndescription: Alpha page\nkeywords: alpha\n---\n\nThe alpha console.\n',
  'zh/alpha.md': '---\ntitle: 阿尔法\ndescription: 阿尔法页\nkeywords: 阿尔法\n---\n\n阿尔法控制台。\n',
};

/** Each file of a folder (relative path) with its inode, mtime and bytes' digest. */
function filesOf(dir: string): Record<string, string> {
  const digest = treeDigest(dir);
  return Object.fromEntries(
    Object.entries(digest).map(([path, hash]) => {
      const info = statSync(join(dir, path));
      return [path, `${info.ino}:${info.mtimeMs}:${hash}`];
    }),
  );
}

/** The text of every page an index folder lists: its fragments, unpacked. */
function indexedText(folder: string): string {
  const fragments = join(folder, 'fragment');
  return readdirSync(fragments)
    .map((name) => gunzipSync(readFileSync(join(fragments, name))).toString('utf8'))
    .join('\n');
}

function options(content: string, out: string): BuildOptions {
  // The sources run here, without the bundled render worker: pages render in this thread.
  return { root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 };
}

function append(content: string, rel: string, text: string): string {
  const file = join(content, rel);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n${text}\n`);
  return file;
}

describe('build: the index of each locale', () => {
  it('leaves the other locale’s index files untouched when a page of one locale changes', async () => {
    const content = makeContent(PAGES);
    const out = join(dirname(content), 'dist');
    await build(options(content, out));
    const zh = filesOf(join(out, 'pagefind'));
    const en = filesOf(join(out, 'en', 'pagefind'));
    expect(Object.keys(zh).length).toBeGreaterThan(3);

    append(content, 'en/alpha.md', 'Zanzibarword now.');
    await build(options(content, out));
    // The very files: same inode (carried over by a hard link), same mtime, same bytes.
    expect(filesOf(join(out, 'pagefind'))).toEqual(zh);
    expect(filesOf(join(out, 'en', 'pagefind'))).not.toEqual(en);
    expect(indexedText(join(out, 'en', 'pagefind'))).toContain('Zanzibarword');

    // And back: an edit in Chinese re-indexes Chinese only.
    const enNow = filesOf(join(out, 'en', 'pagefind'));
    append(content, 'zh/alpha.md', '斑马词。');
    await build(options(content, out));
    expect(filesOf(join(out, 'en', 'pagefind'))).toEqual(enNow);
    expect(indexedText(join(out, 'pagefind'))).toContain('斑马');
  });

  it('keeps both indexes when an edit leaves every title and main content as it was', async () => {
    const content = makeContent(PAGES);
    const out = join(dirname(content), 'dist');
    await build(options(content, out));
    const before = { ...filesOf(join(out, 'pagefind')), ...filesOf(join(out, 'en', 'pagefind')) };
    // The e-mail address is in the home pages' footer, outside <main>: they are written anew, no index.
    const site = join(content, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace('test@example.test', 'team@example.test'));
    const result = await build(options(content, out));
    expect(result.rendered).toBeGreaterThan(0);
    expect({ ...filesOf(join(out, 'pagefind')), ...filesOf(join(out, 'en', 'pagefind')) }).toEqual(before);
  });

  it('indexes every locale into a new output folder, reusing no index', async () => {
    const content = makeContent(PAGES);
    const first = join(dirname(content), 'first');
    await build(options(content, first));
    const second = join(dirname(content), 'second');
    await build(options(content, second));
    const inodes = (dir: string): number[] => Object.keys(treeDigest(dir)).map((path) => statSync(join(dir, path)).ino);
    for (const folder of ['pagefind', 'en/pagefind']) {
      // The same bytes, written anew: no file shares an inode with the other folder's.
      expect(treeDigest(join(second, folder))).toEqual(treeDigest(join(first, folder)));
      const old = new Set(inodes(join(first, folder)));
      expect(inodes(join(second, folder)).filter((ino) => old.has(ino))).toEqual([]);
    }
  });

  it('writes no index, no search page and no header box with search: false', async () => {
    const content = makeContent(PAGES);
    writeFileSync(join(content, 'site.yaml'), `${readFileSync(join(content, 'site.yaml'), 'utf8')}search: false\n`);
    const out = join(dirname(content), 'dist');
    await build(options(content, out));
    const files = Object.keys(treeDigest(out));
    expect(files.filter((path) => /(^|\/)(pagefind\/|search\.html$)/.test(path))).toEqual([]);
    expect(files).toContain('en/alpha.html');
    for (const page of ['alpha.html', 'en/alpha.html', 'index.html']) {
      expect(readFileSync(join(out, page), 'utf8')).not.toMatch(/<search|type="search"|data-search-box/);
    }
  });
});

describe('watch: the index in the background', () => {
  let state: WatchState | undefined;
  afterEach(async () => {
    if (state) await endSession(state);
    state = undefined;
  });

  it('writes a save’s page before the index changes, then brings the index up to date', async () => {
    const content = makeContent(PAGES);
    const out = join(dirname(content), 'dist');
    const events: string[] = [];
    state = await startSession(options(content, out), {
      swapped: (locale) => events.push(`index ${locale}`),
      passed: (locales) => events.push(`pass ${locales.join(',')}`),
    });
    const zh = filesOf(join(out, 'pagefind'));
    const en = filesOf(join(out, 'en', 'pagefind'));
    const file = append(content, 'en/alpha.md', 'Quagmireword here.');
    const outcome = await rebuild(state, [{ event: 'change', path: file }]);
    // The rebuild is done (the command sends the reload now): the page holds the edit, the index is as it was.
    events.push('reload');
    expect(outcome.written).toContain('en/alpha.html');
    expect(readFileSync(join(out, 'en', 'alpha.html'), 'utf8')).toContain('Quagmireword');
    expect(filesOf(join(out, 'en', 'pagefind'))).toEqual(en);

    indexInBackground(state);
    await state.search.idle();
    expect(events).toEqual(['reload', 'index en', 'pass en']);
    expect(indexedText(join(out, 'en', 'pagefind'))).toContain('Quagmireword');
    // The other locale's index: not one file touched.
    expect(filesOf(join(out, 'pagefind'))).toEqual(zh);
  });

  it('ends with the index of the newest text after saves made while it indexes, as a fresh build', async () => {
    const content = makeContent(PAGES);
    const out = join(dirname(content), 'dist');
    let passes = 0;
    state = await startSession(options(content, out), {
      passed: () => {
        passes += 1;
      },
    });
    const session = state;
    const file = join(content, 'en', 'alpha.md');
    const original = readFileSync(file, 'utf8');
    const words = ['Firstsaveword', 'Secondsaveword', 'Thirdsaveword'];
    for (const word of words) {
      writeFileSync(file, `${original}\n${word} text.\n`);
      expect((await rebuild(session, [{ event: 'change', path: file }])).ok).toBe(true);
      // Each save asks for the index at once, whether or not a pass is under way.
      indexInBackground(session);
    }
    await session.search.idle();
    // Saves coalesce: never more passes than saves.
    expect(passes).toBeGreaterThan(0);
    expect(passes).toBeLessThanOrEqual(words.length);
    const text = indexedText(join(out, 'en', 'pagefind'));
    expect(text).toContain('Thirdsaveword');
    expect(text).not.toContain('Firstsaveword');
    expect(text).not.toContain('Secondsaveword');
    // Idle, the folder is what a fresh build of the same content writes, byte for byte.
    const fresh = join(tempDir(), 'fresh');
    await build(options(content, fresh));
    expect(treeDigest(out)).toEqual(treeDigest(fresh));
  });
});
