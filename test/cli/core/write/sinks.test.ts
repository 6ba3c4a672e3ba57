/**
 * Where the files of a plan go (cli/core/write/sinks.ts): `watch`'s sink changes the served folder only on
 * `flush`, removals first, each file through a temp name, and prunes the folders a removal left empty;
 * `build`'s sink fills a new folder, hard-links reused files from the previous output, and reports the first
 * failed write. Each case runs with a few operations (written synchronously) and with many (asynchronously).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlaceSink, insideOutput, newFolderSink } from '../../../../cli/core/write/sinks.ts';
import { folderWith, tempDir } from '../../../helpers/temp.ts';
import { treeDigest } from '../../../helpers/site.ts';

/** Every file and folder under `dir`, relative, sorted (folders end in `/`). */
function entries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => `${join(e.parentPath, e.name).slice(dir.length + 1)}${e.isDirectory() ? '/' : ''}`)
    .sort();
}

/** Extra writes that push a batch past the synchronous flush: `pad/0.html`… */
const PADDING = 20;
function pad(sink: { write(path: string, data: string): void }): void {
  for (let i = 0; i < PADDING; i++) sink.write(`pad/${i}.html`, `${i}`);
}
const padded = (list: string[]): string[] => [...list, 'pad/', ...Array.from({ length: PADDING }, (_, i) => `pad/${i}.html`)].sort();

describe('insideOutput', () => {
  it('gives the path inside the folder, and refuses one outside it or the folder itself', () => {
    expect(insideOutput('/out', 'en/a.html')).toBe('/out/en/a.html');
    for (const rel of ['../x.html', '/etc/x', 'a/../../x', '.', ''])
      expect(() => insideOutput('/out', rel), rel).toThrow(/outside the output folder: /);
  });
});

for (const many of [false, true]) {
  const extra = (sink: { write(path: string, data: string): void }): void => (many ? pad(sink) : undefined);
  const expected = (list: string[]): string[] => (many ? padded(list) : [...list].sort());

  describe(`the in-place sink, ${many ? 'many operations' : 'a few operations'}`, () => {
    it('changes nothing until flushed, then writes, copies and removes, leaving no temp file', async () => {
      const dir = folderWith({ 'old.html': 'old', 'keep.html': 'keep' });
      const source = join(folderWith({ 'photo.jpg': 'jpeg bytes' }), 'photo.jpg');
      const before = treeDigest(dir);
      const sink = inPlaceSink(dir);
      sink.write('en/new.html', 'new');
      sink.write('keep.html', Buffer.from('kept, rewritten'));
      sink.copy('assets/img/photo.jpg', source);
      sink.reuse('keep.html');
      sink.remove('old.html');
      extra(sink);
      expect(treeDigest(dir)).toEqual(before);
      await sink.flush();
      expect(entries(dir)).toEqual(expected(['assets/', 'assets/img/', 'assets/img/photo.jpg', 'en/', 'en/new.html', 'keep.html']));
      expect(readFileSync(join(dir, 'en/new.html'), 'utf8')).toBe('new');
      expect(readFileSync(join(dir, 'keep.html'), 'utf8')).toBe('kept, rewritten');
      expect(readFileSync(join(dir, 'assets/img/photo.jpg'), 'utf8')).toBe('jpeg bytes');
      expect(sink.removed).toEqual(['old.html']);
      expect(sink.written.slice(0, 3)).toEqual(['en/new.html', 'keep.html', 'assets/img/photo.jpg']);
      // A second flush has nothing left to do.
      await sink.flush();
      expect(sink.written).toHaveLength(3 + (many ? PADDING : 0));
    });

    it('removes before it writes, so a file may turn into a folder and a folder into a file', async () => {
      const dir = folderWith({ files: 'a file', 'docs/only.html': 'the only file of docs' });
      const sink = inPlaceSink(dir);
      sink.write('files/contactUs.html', 'now a folder');
      sink.write('docs', 'now a file');
      sink.remove('files');
      sink.remove('docs/only.html');
      extra(sink);
      await sink.flush();
      expect(entries(dir)).toEqual(expected(['docs', 'files/', 'files/contactUs.html']));
      expect(readFileSync(join(dir, 'docs'), 'utf8')).toBe('now a file');
    });

    it('prunes the folders a removal left empty, up to the served folder, and keeps the others', async () => {
      const dir = folderWith({ 'a/b/c.html': 'c', 'a/d.html': 'd', 'x/y/z.html': 'z', 'top.html': 'top' });
      const sink = inPlaceSink(dir);
      sink.remove('a/b/c.html');
      sink.remove('x/y/z.html');
      sink.remove('top.html');
      sink.remove('never/was.html');
      extra(sink);
      await sink.flush();
      expect(entries(dir)).toEqual(expected(['a/', 'a/d.html']));
      expect(existsSync(dir)).toBe(true);
    });

    it('refuses an operation outside the served folder', async () => {
      const parent = tempDir('ecom-sink-');
      const dir = join(parent, 'site');
      mkdirSync(dir);
      const sink = inPlaceSink(dir);
      extra(sink);
      sink.write('../escape.html', 'x');
      await expect(sink.flush()).rejects.toThrow(/outside the output folder/);
      expect(readdirSync(parent)).toEqual(['site']);
    });
  });
}

describe('the in-place sink, emptying the folder', () => {
  it('keeps the served folder itself when a removal empties it', async () => {
    const dir = folderWith({ 'x/y.html': 'y' });
    const sink = inPlaceSink(dir);
    sink.remove('x/y.html');
    await sink.flush();
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the new-folder sink', () => {
  it('writes and copies files as they come, and hard-links a reused file from the previous output', async () => {
    const previous = folderWith({ 'en/kept.html': 'kept' });
    const source = join(folderWith({ 'photo.jpg': 'jpeg bytes' }), 'photo.jpg');
    const dir = join(tempDir('ecom-sink-'), 'new');
    const sink = newFolderSink(dir, previous);
    sink.write('index.html', 'home');
    sink.write('en/deep/page.html', Buffer.from('page'));
    sink.copy('assets/photo.jpg', source);
    sink.reuse('en/kept.html');
    sink.remove('anything.html');
    await sink.flush();
    expect(treeDigest(dir)).toEqual(
      treeDigest(
        folderWith({ 'index.html': 'home', 'en/deep/page.html': 'page', 'assets/photo.jpg': 'jpeg bytes', 'en/kept.html': 'kept' }),
      ),
    );
    expect(statSync(join(dir, 'en/kept.html')).ino).toBe(statSync(join(previous, 'en/kept.html')).ino);
    expect([...sink.linked]).toEqual(['en/kept.html']);
  });

  it('gives the MD5 of each file it wrote or copied, taken from the bytes as they passed, and none of a reused one', async () => {
    const previous = folderWith({ 'kept.html': 'kept' });
    const source = join(folderWith({ 'photo.jpg': 'jpeg bytes' }), 'photo.jpg');
    const sink = newFolderSink(join(tempDir('ecom-sink-'), 'new'), previous);
    sink.write('index.html', '首页');
    sink.write('en/page.html', Buffer.from('page'));
    sink.copy('assets/photo.jpg', source);
    sink.reuse('kept.html');
    await sink.flush();
    const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
    expect(Object.fromEntries(sink.digests)).toEqual({
      'index.html': md5('首页'),
      'en/page.html': md5('page'),
      'assets/photo.jpg': md5('jpeg bytes'),
    });
  });

  it('finishes the other writes and then throws the first failure', async () => {
    const dir = join(tempDir('ecom-sink-'), 'new');
    const sink = newFolderSink(dir, tempDir('ecom-sink-'));
    for (let i = 0; i < 40; i++) sink.write(`p${i}.html`, `${i}`);
    sink.copy('gone.jpg', join(dir, 'no-such-photo.jpg'));
    sink.reuse('not-in-previous.html');
    expect(sink.linked.size).toBe(0);
    for (let i = 40; i < 80; i++) sink.write(`p${i}.html`, `${i}`);
    // Rendering waiting for the disk is let go at once after a failure, which flush reports.
    await (sink.caughtUp as () => Promise<void>)();
    const error = await sink.flush().then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect(error?.code).toBe('ENOENT');
    expect(error?.message).toContain('no-such-photo.jpg');
    expect(readdirSync(dir).filter((name) => name.startsWith('p'))).toHaveLength(80);
  });

  it('holds rendering back while many writes wait, and lets it go once the disk caught up', async () => {
    const dir = tempDir();
    const sink = newFolderSink(dir, tempDir());
    for (let i = 0; i < 600; i++) sink.write(`p${i}.html`, Buffer.from(`<p>${i}</p>`));
    let caughtUp = false;
    const waiting = (sink.caughtUp as () => Promise<void>)().then(() => (caughtUp = true));
    // 600 writes, more than twice the backlog let wait, cannot end in one turn of the event loop: rendering waits.
    await new Promise((go) => setImmediate(go));
    expect(caughtUp).toBe(false);
    await waiting;
    await sink.flush();
    expect(readdirSync(dir)).toHaveLength(600);
    expect(readFileSync(join(dir, 'p599.html'), 'utf8')).toBe('<p>599</p>');
    // Nothing waits now: it resolves at once.
    await (sink.caughtUp as () => Promise<void>)();
  });

  it('never holds rendering back for copies, and writes pages between them rather than after them all', async () => {
    const from = tempDir('ecom-sink-');
    writeFileSync(join(from, 'card.png'), 'png');
    const dir = tempDir('ecom-sink-');
    const sink = newFolderSink(dir, tempDir('ecom-sink-'));
    // Thousands of social cards come as the render starts.
    for (let i = 0; i < 600; i++) sink.copy(`c${i}.png`, join(from, 'card.png'));
    // A copy holds no bytes while it waits: rendering is let go within this turn's microtasks.
    let caughtUp = false;
    void (sink.caughtUp as () => Promise<void>)().then(() => (caughtUp = true));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(caughtUp).toBe(true);
    for (let i = 0; i < 20; i++) sink.write(`p${i}.html`, `<p>${i}</p>`);
    const pages = (): number => readdirSync(dir).filter((name) => name.startsWith('p')).length;
    for (let turns = 0; pages() < 20 && turns < 10_000; turns++) await new Promise((go) => setImmediate(go));
    // The pages took turns with the copies: most cards are still to come.
    expect(pages()).toBe(20);
    expect(readdirSync(dir).filter((name) => name.startsWith('c')).length).toBeLessThan(300);
    await sink.flush();
    expect(readdirSync(dir)).toHaveLength(620);
  });

  it('lets rendering go on at once after a failed write, however many writes wait', async () => {
    const dir = join(tempDir('ecom-sink-'), 'new');
    const sink = newFolderSink(dir, tempDir('ecom-sink-'));
    sink.copy('first.jpg', join(dir, 'missing.jpg'));
    for (let i = 0; i < 800; i++) sink.write(`p${i}.html`, `${i}`);
    const caughtUp = sink.caughtUp as () => Promise<void>;
    /** True when `caughtUp` resolves within this turn's microtasks, before any write can end. */
    const atOnce = async (): Promise<boolean> => {
      let done = false;
      void caughtUp().then(() => (done = true));
      for (let i = 0; i < 10; i++) await Promise.resolve();
      return done;
    };
    // The failed copy is among the first writes: once it failed, rendering is let go with most writes
    // still waiting (were it held until the backlog shrank to its bound of 256, 500 and more would be on disk).
    while (!(await atOnce())) await new Promise((go) => setImmediate(go));
    expect(readdirSync(dir).length).toBeLessThan(400);
    await expect(sink.flush()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir)).toHaveLength(800);
  });

  it('refuses a file outside the new folder at once', () => {
    const sink = newFolderSink(join(tempDir('ecom-sink-'), 'new'), tempDir('ecom-sink-'));
    expect(() => sink.write('../x.html', 'x')).toThrow(/outside the output folder/);
    expect(() => sink.copy('../x.jpg', 'x')).toThrow(/outside the output folder/);
    expect(() => sink.reuse('../x.html')).toThrow(/outside the output folder/);
  });
});
