/**
 * `watch` converges: after any sequence of edits — pages added, edited, renamed and deleted,
 * front matter broken and fixed (a page born broken included), menu, strings, settings, templates, the
 * client script and public/ changed — once watch is idle its output folder is byte-identical to a fresh
 * `build` of the same content. Seeded random edit sequences over a copy of the whole project: a fixed set
 * of seeds here, a long run with `npm run fuzz` (FUZZ_SEEDS, FUZZ_STEPS).
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProjectCli, spawnWatch } from '../../helpers/cli.ts';
import { copyProject } from '../../helpers/project.ts';
import { treeDigest } from '../../helpers/site.ts';
import { random, seedsFrom } from '../../helpers/random.ts';

// Few seeds in `npm test`: each starts watch on a copy of the project and builds the real site afresh at
// every quiet point. `npm run fuzz` runs a long session.
const SEEDS = seedsFrom(process.env.FUZZ_SEEDS ?? '1,2');
const STEPS = Number(process.env.FUZZ_STEPS ?? 10);

/** The pages every locale of the real content has, which the menu or other pages may link to. */
const REAL_PAGES = ['DROC', 'DFOC', 'CTOC', 'MA', 'VET', 'OR', 'Webview', 'join', 'contactUs', 'news/radiology-trade-show-2024'];

interface Session {
  root: string;
  content: string;
  out: string;
  log: () => string;
  child: ChildProcess;
}

let session: Session | undefined;

afterEach(() => {
  if (session?.child.exitCode === null) session.child.kill('SIGKILL');
  session = undefined;
});

async function startWatch(): Promise<Session> {
  const root = copyProject();
  const content = join(root, 'content');
  const out = join(root, 'out');
  const { child, output } = spawnWatch(content, out, { root });
  // Ready as soon as the line arrives, not at the next tick of a poll.
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`watch did not start:\n${output.all}`)), 90_000);
    const take = (): void => {
      if (!/Serving http/.test(output.all)) return;
      clearTimeout(timer);
      ready();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', () => {
      clearTimeout(timer);
      fail(new Error(`watch did not start:\n${output.all}`));
    });
  });
  return { root, content, out, log: () => output.all, child };
}

/** What differs between two folders: files only in one, and files whose bytes differ. */
function differences(a: Record<string, string>, b: Record<string, string>): string[] {
  const found: string[] = [];
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[path] === undefined) found.push(`only in the fresh build: ${path}`);
    else if (b[path] === undefined) found.push(`only in watch's output: ${path}`);
    else if (a[path] !== b[path]) found.push(`differs: ${path}`);
  }
  return found.sort();
}

/**
 * The digest of a fresh build of the project as copied, before any edit: the same for every seed, so it is
 * built once (in the first seed's copy) and every seed's first comparison reads it.
 */
let pristine: Promise<Record<string, string>> | undefined;

/**
 * Waits until watch's output equals a fresh build of the same inputs (polling with a deadline); `unedited`
 * when nothing has been edited yet, so that the fresh build of the untouched project is shared.
 */
async function expectConverged(s: Session, history: string[], unedited = false): Promise<void> {
  if (unedited) pristine ??= freshDigest(s, history);
  const want = await (unedited && pristine ? pristine : freshDigest(s, history));
  const end = Date.now() + 30_000;
  let diff: string[] = [];
  for (;;) {
    // A file renamed into place while the folder is read may vanish under the reader: look again.
    const now = (() => {
      try {
        return treeDigest(s.out);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    })();
    diff = now ? differences(want, now) : ['(the output changed while it was read)'];
    if (diff.length === 0) return;
    if (Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = join(dirname(s.out), 'watch.log');
  writeFileSync(log, s.log());
  throw new Error(`watch did not converge after:\n${history.join('\n')}\n\n${diff.slice(0, 12).join('\n')}\n\nwatch's output is in ${log}`);
}

/** Builds the session's copy afresh, with the copy's own command; returns the digest of what it wrote. */
async function freshDigest(s: Session, history: string[]): Promise<Record<string, string>> {
  const fresh = join(dirname(s.out), 'fresh');
  // The copy's own command, so that the copy's templates, client script and public/ are built.
  const built = await runProjectCli(s.root, ['build', '--content', s.content, '--out', fresh, '--quiet']);
  expect(built.code, `a fresh build failed after:\n${history.join('\n')}\n${built.stderr}`).toBe(0);
  return treeDigest(fresh);
}

/** One random edit; returns a line describing it. */
type Edit = (s: Session, pick: <T>(list: readonly T[]) => T, n: number) => string | undefined;

/** Pages the fuzz added (paths relative to the content folder), and files whose good text was replaced. */
interface Book {
  added: Set<string>;
  broken: Map<string, string>;
  publicAdded: Set<string>;
}

function edits(book: Book): Array<[number, Edit]> {
  const page = (s: Session, rel: string): string => join(s.content, rel);
  const usable = (s: Session, list: readonly string[]): string[] => list.filter((rel) => existsSync(page(s, rel)) && !book.broken.has(rel));
  return [
    [
      4,
      (s, pick, n) => {
        const rel = pick(usable(s, [...REAL_PAGES.flatMap((p) => [`zh/${p}.md`, `en/${p}.md`]), ...book.added]));
        if (!rel) return undefined;
        appendFileSync(page(s, rel), `\nEdited text ${n}, with a [link](/DROC).\n`);
        return `edit the text of ${rel}`;
      },
    ],
    [
      2,
      (s, pick, n) => {
        const rel = pick(usable(s, [...REAL_PAGES.flatMap((p) => [`zh/${p}.md`, `en/${p}.md`]), ...book.added]));
        if (!rel) return undefined;
        const text = readFileSync(page(s, rel), 'utf8');
        writeFileSync(
          page(s, rel),
          text.replace(/^title: (.*)$/m, (_all, title: string) => `title: "${title.replace(/^"|"$/g, '').replace(/ v\d+$/, '')} v${n}"`),
        );
        return `change the title of ${rel}`;
      },
    ],
    [
      3,
      (s, pick, n) => {
        const locales = pick([['zh'], ['en'], ['zh', 'en']]);
        const name = pick(['fuzz-a', '关于 我们', 'fuzz-c', 'news/fuzz-news']);
        for (const locale of locales) {
          const rel = `${locale}/${name}.md`;
          if (book.broken.has(rel)) continue;
          const article = name.startsWith('news/') ? `template: article\ndate: 2024-0${1 + (n % 9)}-1${n % 10}\n` : '';
          mkdirSync(dirname(page(s, rel)), { recursive: true });
          writeFileSync(
            page(s, rel),
            `---\ntitle: Fuzz ${name} ${n}\ndescription: A page the fuzz test wrote\n${article}---\n\nText ${n}. See [the console](/DROC).\n`,
          );
          book.added.add(rel);
        }
        return `write ${locales.join('+')}/${name}.md`;
      },
    ],
    [
      2,
      (s, pick) => {
        const rel = pick([...book.added].filter((r) => !book.broken.has(r)));
        if (!rel) return undefined;
        rmSync(page(s, rel), { force: true });
        book.added.delete(rel);
        return `delete ${rel}`;
      },
    ],
    [
      1,
      (s, pick) => {
        const rel = pick([...book.added].filter((r) => !book.broken.has(r) && !r.includes('news/')));
        if (!rel) return undefined;
        const to = rel.replace(/\.md$/, '-moved.md');
        if (existsSync(page(s, to))) return undefined;
        renameSync(page(s, rel), page(s, to));
        book.added.delete(rel);
        book.added.add(to);
        return `rename ${rel} to ${to}`;
      },
    ],
    [
      2,
      (s, pick) => {
        const rel = pick(usable(s, [...REAL_PAGES.flatMap((p) => [`zh/${p}.md`, `en/${p}.md`]), ...book.added]));
        if (!rel) return undefined;
        const text = readFileSync(page(s, rel), 'utf8');
        book.broken.set(rel, text);
        writeFileSync(page(s, rel), text.replace(/^title: .*$/m, 'title: [unclosed'));
        return `break the front matter of ${rel}`;
      },
    ],
    [
      1,
      (s, pick, n) => {
        const rel = `${pick(['zh', 'en'])}/born-broken-${n}.md`;
        book.broken.set(rel, `---\ntitle: Born broken ${n}\ndescription: Fixed later\n---\n\nNow fixed.\n`);
        writeFileSync(page(s, rel), '---\ntitle: [unclosed\n---\n\nBroken.\n');
        book.added.add(rel);
        return `write ${rel} with broken front matter`;
      },
    ],
    [
      1,
      (s, _pick, n) => {
        const file = join(s.content, 'en', '_strings.yaml');
        writeFileSync(file, readFileSync(file, 'utf8').replace(/^nav\.company: .*$/m, `nav.company: About us ${n}`));
        return 'change a string in en/_strings.yaml';
      },
    ],
    [
      1,
      (s, pick) => {
        const file = join(s.content, 'menu.yaml');
        const label = pick(['product.DROC', 'product.DFOC']);
        writeFileSync(file, readFileSync(file, 'utf8').replace(/(route: \/DROC, label: )[\w.]+/, `$1${label}`));
        return `label the DROC menu item ${label}`;
      },
    ],
    [
      1,
      (s, _pick, n) => {
        const file = join(s.content, 'site.yaml');
        writeFileSync(file, readFileSync(file, 'utf8').replace(/^phone: .*$/m, `phone: "+86 000 0000 ${String(n).padStart(4, '0')}"`));
        return 'change the phone number in site.yaml';
      },
    ],
    [
      1,
      (s, _pick, n) => {
        appendFileSync(join(s.root, 'templates', 'site.css'), `\n.fuzz-${n} { color: #123456; }\n`);
        return 'append a rule to templates/site.css';
      },
    ],
    [
      1,
      (s, _pick, n) => {
        appendFileSync(join(s.root, 'client', 'index.ts'), `\ndocument.documentElement.dataset.fuzz = '${n}';\n`);
        return 'change the client script';
      },
    ],
    [
      2,
      (s, pick, n) => {
        const action = pick(['add', 'edit', 'delete'] as const);
        const existing = [...book.publicAdded];
        if (action === 'add' || existing.length === 0) {
          const rel = `images/fuzz-${n}.txt`;
          writeFileSync(join(s.root, 'public', rel), `public file ${n}\n`);
          book.publicAdded.add(rel);
          return `add public/${rel}`;
        }
        const rel = pick(existing);
        if (action === 'edit') {
          appendFileSync(join(s.root, 'public', rel), `edited ${n}\n`);
          return `edit public/${rel}`;
        }
        rmSync(join(s.root, 'public', rel));
        book.publicAdded.delete(rel);
        return `delete public/${rel}`;
      },
    ],
    [
      1,
      (s, pick) => {
        const rel = pick(['en/OR.md', 'en/Webview.md']);
        if (!existsSync(page(s, rel)) || book.broken.has(rel)) return undefined;
        // The English page is removed: the Chinese one stands in; put back at the next quiet point.
        book.broken.set(rel, readFileSync(page(s, rel), 'utf8'));
        rmSync(page(s, rel));
        return `delete ${rel} (its zh twin stands in)`;
      },
    ],
  ];
}

/** Puts back every file the fuzz broke or removed on purpose. */
function repair(s: Session, book: Book): string[] {
  const lines: string[] = [];
  for (const [rel, text] of book.broken) {
    writeFileSync(join(s.content, rel), text);
    lines.push(`fix ${rel}`);
  }
  book.broken.clear();
  return lines;
}

describe('watch converges to a fresh build after any sequence of edits', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} steps`, async () => {
      const s = await startWatch();
      session = s;
      const rand = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
      const book: Book = { added: new Set(), broken: new Map(), publicAdded: new Set() };
      const table = edits(book);
      const total = table.reduce((sum, [weight]) => sum + weight, 0);
      const history: string[] = [`seed ${seed}`];
      await expectConverged(s, history, true);
      for (let step = 1; step <= STEPS; step++) {
        // A burst of one to three edits with no pause between them, as an editor or a `git checkout` makes.
        const burst = 1 + Math.floor(rand() * 3);
        for (let i = 0; i < burst; i++) {
          let roll = rand() * total;
          const [, edit] =
            table.find(([weight]) => {
              roll -= weight;
              return roll < 0;
            }) ?? (table[0] as [number, Edit]);
          const line = edit(s, pick, step * 10 + i);
          if (line) history.push(`${step}: ${line}`);
        }
        // A quiet point now and then: the broken files are fixed, watch settles, its output is compared.
        if (rand() < 0.4 || step === STEPS) {
          history.push(...repair(s, book).map((line) => `${step}: ${line}`));
          await expectConverged(s, history);
        }
      }
    }, 600_000);
  }
});
