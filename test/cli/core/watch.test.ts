/**
 * The watch engine (cli/core/watch.ts) driven directly with the changes chokidar reports, so that orders
 * of events a real watcher produces only by chance can be replayed exactly.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../../cli/core/build.ts';
import { endSession, rebuild, startSession, type WatchState } from '../../../cli/core/watch.ts';
import { makeContent, ROOT } from '../../helpers/cli.ts';
import { copyProject } from '../../helpers/project.ts';

let state: WatchState | undefined;
afterEach(async () => {
  if (state) await endSession(state);
  state = undefined;
});

async function session(): Promise<{ content: string; out: string; state: WatchState }> {
  const content = makeContent({
    'en/solo.md': '---\ntitle: Solo\ndescription: Solo page\nkeywords: solo\n---\n\nEnglish text.\n',
    'zh/solo.md': '---\ntitle: 独奏\ndescription: 独奏页\nkeywords: 独奏\n---\n\n中文。\n',
  });
  const out = join(dirname(content), 'dist');
  // The sources run here, without the bundled render worker: pages render in this thread.
  state = await startSession({ root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
  return { content, out, state };
}

/** A map that counts the entries read from it: a lookup reads one, a pass over it every entry. */
class Counted<K, V> extends Map<K, V> {
  read = 0;
  override get(key: K): V | undefined {
    this.read += 1;
    return super.get(key);
  }
  override has(key: K): boolean {
    this.read += 1;
    return super.has(key);
  }
  override entries(): MapIterator<[K, V]> {
    this.read += this.size;
    return super.entries();
  }
  override keys(): MapIterator<K> {
    this.read += this.size;
    return super.keys();
  }
  override values(): MapIterator<V> {
    this.read += this.size;
    return super.values();
  }
  override forEach(each: (value: V, key: K, map: Map<K, V>) => void): void {
    this.read += this.size;
    super.forEach(each);
  }
  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.read += this.size;
    return super[Symbol.iterator]();
  }
}

describe('the watch engine', () => {
  it('plans a text edit from what it changed: the files it looks at do not grow with the site', async () => {
    const reads: number[] = [];
    for (const extra of [0, 40]) {
      const pages: Record<string, string> = {
        'en/solo.md': '---\ntitle: Solo\ndescription: Solo page\nkeywords: solo\n---\n\nEnglish text.\n',
      };
      for (let i = 0; i < extra; i++)
        pages[`en/extra-${i}.md`] = `---\ntitle: Extra ${i}\ndescription: Extra\nkeywords: extra\n---\n\nText ${i}.\n`;
      const content = makeContent(pages);
      const out = join(dirname(content), 'dist');
      state = await startSession({ root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
      const targets = new Counted(state.built.targets);
      const held = new Counted(state.built.held);
      state.built = { ...state.built, targets, held };
      const file = join(content, 'en', 'solo.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited ${extra}.\n`);
      const outcome = await rebuild(state, [{ event: 'change', path: file }]);
      expect(outcome.ok).toBe(true);
      expect(outcome.written).toContain('en/solo.html');
      expect(readFileSync(join(out, 'en', 'solo.html'), 'utf8')).toContain(`Edited ${extra}.`);
      reads.push(targets.read + held.read);
      await endSession(state);
      state = undefined;
    }
    // The same few entries read in a site of 40 more pages (not a pass over every file of the output).
    expect(reads[1]).toBe(reads[0]);
    expect(reads[0]).toBeLessThan(10);
  });

  it('lists the pages again when a page it does not know is reported as changed', async () => {
    const { content, out, state } = await session();
    const file = join(content, 'en', 'solo.md');
    const text = readFileSync(file, 'utf8');
    // The page is deleted, and a rebuild lists the folder before it is written again...
    rmSync(file);
    expect((await rebuild(state, [{ event: 'unlink', path: file }])).ok).toBe(true);
    expect(readFileSync(join(out, 'en', 'solo.html'), 'utf8')).toContain('中文');
    // ...then chokidar reports the delete and the new file as one `change` (its atomic-write rule).
    writeFileSync(file, text);
    expect((await rebuild(state, [{ event: 'change', path: file }])).ok).toBe(true);
    expect(readFileSync(join(out, 'en', 'solo.html'), 'utf8')).toContain('English text.');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('/en/solo');
  });

  it('keeps the changes of a failed rebuild and carries them out with the fix', async () => {
    const { content, out, state } = await session();
    const born = join(content, 'zh', 'born.md');
    writeFileSync(born, '---\ntitle: [unclosed\n---\n\nBroken.\n');
    expect((await rebuild(state, [{ event: 'add', path: born }])).ok).toBe(false);
    writeFileSync(born, '---\ntitle: 新页\ndescription: 新页\nkeywords: 新页\n---\n\n修好了。\n');
    // Only the `change` of the fix is reported now: the `add` was seen by the failed rebuild.
    expect((await rebuild(state, [{ event: 'change', path: born }])).ok).toBe(true);
    expect(existsSync(join(out, 'born.html'))).toBe(true);
    expect(readFileSync(join(out, 'born.html'), 'utf8')).toContain('修好了');
  });

  it('copies a public file edited in the same batch as a page text edit', async () => {
    // The project's public/ in a copy that may be edited; two small pages, not the real site, to rebuild.
    const root = copyProject();
    const content = makeContent({ 'en/join.md': '---\ntitle: Join\ndescription: Join us\nkeywords: jobs\n---\n\nText.\n' });
    const out = join(root, 'out');
    state = await startSession({ root, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
    const page = join(content, 'en', 'join.md');
    const asset = join(root, 'public', 'favicon.svg');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nOne more line.\n`);
    writeFileSync(asset, `${readFileSync(asset, 'utf8')}\n<!-- edited -->\n`);
    const outcome = await rebuild(state, [
      { event: 'change', path: page },
      { event: 'change', path: asset },
    ]);
    expect(outcome.ok).toBe(true);
    expect(readFileSync(join(out, 'en', 'join.html'), 'utf8')).toContain('One more line.');
    expect(readFileSync(join(out, 'favicon.svg'), 'utf8')).toContain('<!-- edited -->');
  });

  it('publishes a public path that turns from a file into a folder', async () => {
    const root = copyProject();
    const out = join(root, 'out');
    const docs = join(root, 'public', 'docs');
    writeFileSync(docs, 'a file first');
    state = await startSession({ root, contentDir: makeContent(), outDir: out, drafts: false, strict: false, threads: 0 });
    expect(readFileSync(join(out, 'docs'), 'utf8')).toBe('a file first');
    rmSync(docs);
    mkdirSync(docs);
    writeFileSync(join(docs, 'a.txt'), 'then a folder');
    const outcome = await rebuild(state, [
      { event: 'unlink', path: docs },
      { event: 'add', path: join(docs, 'a.txt') },
    ]);
    expect(outcome.ok).toBe(true);
    expect(readFileSync(join(out, 'docs', 'a.txt'), 'utf8')).toBe('then a folder');
  });

  it('keeps the date site.yaml gives an article whose text was edited, as a fresh build shows it', async () => {
    const article = (title: string, text: string): string =>
      `---\ntitle: ${title}\ndescription: ${title}\nkeywords: 新闻\ntemplate: article\n---\n\n${text}\n`;
    const content = makeContent({
      'site.yaml': `${readFileSync(join(makeContent(), 'site.yaml'), 'utf8')}newsDates:\n  newer: 2024-09\n  older: 2024-03\n`,
      'zh/news/newer.md': article('较新的消息', '较新。'),
      'zh/news/older.md': article('较早的消息', '较早。'),
    });
    const out = join(dirname(content), 'dist');
    state = await startSession({ root: ROOT, contentDir: content, outDir: out, drafts: false, strict: false, threads: 0 });
    const page = join(out, 'news', 'older.html');
    expect(readFileSync(page, 'utf8')).toContain('2024-03');
    // A text edit of the older article (the newest is shown on other pages, which takes the full path).
    const source = join(content, 'zh', 'news', 'older.md');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\n又一段。\n`);
    expect((await rebuild(state, [{ event: 'change', path: source }])).ok).toBe(true);
    const fresh = join(dirname(content), 'fresh');
    await build({ root: ROOT, contentDir: content, outDir: fresh, drafts: false, strict: false, threads: 0 });
    expect(readFileSync(page, 'utf8')).toContain('又一段。');
    expect(readFileSync(page, 'utf8')).toBe(readFileSync(join(fresh, 'news', 'older.html'), 'utf8'));
  });
});
