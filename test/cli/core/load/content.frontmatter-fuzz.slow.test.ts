/**
 * Front matter fuzzing: random mutations of the real pages' front matter must give a page or a SiteError
 * whose problems are catalogued and name the file, never another exception (docs/errors.md). A fixed set
 * of seeds runs with the suite; `npm run fuzz:frontmatter` runs a long session (FUZZ_ITERATIONS cases per
 * seed, FUZZ_SEED to replay one seed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../../cli/core/load/content.ts';
import { CATALOGUE, SiteError } from '../../../../cli/core/common/errors.ts';
import { fieldsOfTemplates } from '../../../../cli/core/load/loaded-site.ts';
import type { TemplateModule } from '../../../../cli/core/load/bundle.ts';
import * as registry from '../../../../templates/index.ts';
import { CONTENT } from '../../../helpers/cli.ts';
import { aliasBomb as bomb } from '../../../helpers/nasty-yaml.ts';

const FILE = 'content/en/fuzz.md';
const templates = fieldsOfTemplates(registry as unknown as TemplateModule);
const pages = fg
  .sync('{zh,en}/**/*.md', { cwd: CONTENT })
  .sort()
  .map((path) => readFileSync(join(CONTENT, path), 'utf8'));
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS) || 400;
const SEEDS = process.env.FUZZ_SEED ? [Number(process.env.FUZZ_SEED)] : [1, 2, 3, 4, 5, 6, 7, 8];

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** YAML that has broken parsers: bombs, depth, odd tags and types, huge values. */
const SNIPPETS = [
  bomb(9),
  'a: &a x\nb: *a\nc: *nope\n',
  `deep: ${'['.repeat(10_000)}\n`,
  `deep: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
  `deep: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`,
  `${'- '.repeat(3000)}x\n`,
  'order: 1e999\n',
  `order: ${'9'.repeat(400)}\n`,
  'order: -.inf\n',
  'order: .nan\n',
  'order: 0x7fffffffffffffffff\n',
  'date: 2020-13-45\n',
  'date: !!timestamp 2001-12-14t21:59:43.10-05:00\n',
  'title: !!binary aGVsbG8=\n',
  'blob: !!binary aGVsbG8=\n',
  'title: !!js/function "function () { return 1 }"\n',
  'title: !!js/undefined ""\n',
  'title: !!python/object:os.system {}\n',
  'x: !!python/object/apply:os.system ["true"]\n',
  'x: !!set {a, b}\n',
  'x: !!omap [a: 1, b: 2]\n',
  'x: !<tag:yaml.org,2002:str> y\n',
  '%YAML 1.1\n',
  '%TAG ! tag:example.com,2000:\n',
  '? [a, b]\n: c\n',
  '<<: {title: merged}\n',
  '__proto__: {polluted: true}\n',
  'constructor: x\n',
  'toString: x\n',
  'title: x\ntitle: y\n',
  `title: ${'x'.repeat(200_000)}\n`,
  `template: ${'y'.repeat(100_000)}\n`,
  'title: "a\u0000b"\n',
  'title: a\u0000b\n',
  '\u0000\u0001\u0002\n',
  'title: \uD800\n',
  'title: |\n  block\n   text\n',
  'title: >-\n',
  'highlights: [{title: a, text: b}, {title: c}]\n',
  'hero: {heading: x, lead: [1, 2]}\n',
  'stats: {value: 1}\n',
  '---\ntitle: second document\n',
  '...\n',
  '# only a comment\n',
  '\t: tab\n',
];

const FENCES = [
  '---',
  '---js',
  '--- js',
  '---\u00a0js',
  '---\u3000js',
  '---yaml',
  '---YAML',
  '--- yml',
  '----',
  '---coffee',
  '---json',
  '---toml',
  '--',
  '\uFEFF---',
  '---\t',
  '---js\r',
];
const CHARS = [
  ':',
  '-',
  '[',
  ']',
  '{',
  '}',
  '&',
  '*',
  '!',
  '|',
  '>',
  '?',
  '#',
  '%',
  '@',
  '`',
  '"',
  "'",
  ',',
  '\\',
  '\n',
  '\r',
  '\r\n',
  '\t',
  ' ',
  '\u0000',
  '\uFFFD',
  '\uFEFF',
  '\u00a0',
  '\u2028',
  '\uD800',
  '\uDFFF',
  '中',
  '😀',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Invalid UTF-8, decoded the way reading a file decodes it. */
function garbage(random: () => number): string {
  const bytes = Buffer.alloc(1 + Math.floor(random() * 40));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes.toString('utf8');
}

/** One to four random mutations of a real page. */
export function mutate(random: () => number): string {
  let text = pick(random, pages);
  const steps = 1 + Math.floor(random() * 4);
  for (let step = 0; step < steps; step++) {
    const at = Math.floor(random() * (text.length + 1));
    const lineStart = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
    switch (Math.floor(random() * 11)) {
      case 0:
        text = text.slice(0, at);
        break;
      case 1:
        text = text.slice(0, at) + pick(random, CHARS) + text.slice(at);
        break;
      case 2:
        text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 20));
        break;
      case 3:
      case 4:
        text = text.slice(0, lineStart) + pick(random, SNIPPETS) + text.slice(lineStart);
        break;
      case 5: {
        const end = text.indexOf('\n', at);
        const line = text.slice(lineStart, end === -1 ? text.length : end + 1);
        text = text.slice(0, lineStart) + line + line + text.slice(lineStart); // a duplicate key
        break;
      }
      case 6:
        text = pick(random, FENCES) + text.slice(text.startsWith('---') ? 3 : 0);
        break;
      case 7:
        text = text.replace(/\n/g, '\r\n');
        break;
      case 8:
        text = `\uFEFF${text}`;
        break;
      case 9:
        text = text.slice(0, at) + garbage(random) + text.slice(at);
        break;
      default:
        text = text.slice(0, lineStart) + ' '.repeat(Math.floor(random() * 8)) + text.slice(lineStart);
        break;
    }
  }
  return text;
}

/** What parsing `text` gave: nothing wrong, or the reason the case fails the property. */
function violation(text: string): string | undefined {
  try {
    // What the page is kept with are warnings, as the catalogue says; what refuses it are errors.
    const kept = parsePage(text, FILE, 'en', 'fuzz.md', templates).warnings.find((p) => CATALOGUE[p.code].severity !== 'warning');
    return kept ? `kept the page with ${kept.code}, an error` : undefined;
  } catch (error) {
    if (!(error instanceof SiteError)) return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    for (const p of error.problems) {
      if (!(p.code in CATALOGUE)) return `uncatalogued code ${p.code}`;
      if (CATALOGUE[p.code].severity !== 'error') return `refused the page with ${p.code}, a warning`;
      if (p.file !== FILE) return `problem ${p.code} without the file`;
      if (p.line !== undefined && !(Number.isInteger(p.line) && p.line >= 1)) return `problem ${p.code} with line ${String(p.line)}`;
    }
    return undefined;
  }
}

describe('front matter fuzzing (parsePage)', () => {
  it('reads every hand-picked nasty snippet into a page or a catalogued problem naming the file', () => {
    for (const fence of FENCES) {
      for (const snippet of SNIPPETS) {
        const text = `${fence}\ntitle: Fuzz\n${snippet}---\n\nBody.\n`;
        expect(violation(text), JSON.stringify(text.slice(0, 200))).toBeUndefined();
      }
    }
  });

  for (const seed of SEEDS) {
    it(
      `seed ${seed}: ${ITERATIONS} random mutations of real pages`,
      () => {
        const random = generator(seed);
        for (let i = 0; i < ITERATIONS; i++) {
          const text = mutate(random);
          const found = violation(text);
          if (found) expect.fail(`seed ${seed}, case ${i}: ${found}\n${JSON.stringify(text.slice(0, 400))}`);
        }
      },
      120_000 + ITERATIONS * 50,
    );
  }
});

describe('front matter that once escaped as a bare exception', () => {
  const problemOf = (text: string): unknown => {
    try {
      parsePage(text, FILE, 'en', 'fuzz.md', templates);
    } catch (error) {
      return error instanceof SiteError ? error.problems[0] : error;
    }
    return undefined;
  };

  it.each(['---\u00a0js', '---\u3000js', '--- js', '---js\r', '\uFEFF---js', '---JS', '---json', '---js'])(
    'a %j fence is FRONTMATTER_LANGUAGE at line 1',
    (fence) => {
      expect(problemOf(`${fence}\n{ title: "x" }\n---\n`)).toMatchObject({ code: 'FRONTMATTER_LANGUAGE', file: FILE, line: 1 });
    },
  );

  it('an alias bomb is FRONTMATTER_SYNTAX at its first alias', () => {
    expect(problemOf(`---\ntitle: x\n${bomb(9)}---\n`)).toMatchObject({
      code: 'FRONTMATTER_SYNTAX',
      file: FILE,
      line: 4,
      message: expect.stringContaining('aliases'),
    });
  });

  it('CRLF line ends do not end up in the last field', () => {
    expect(parsePage('---\r\ntitle: x\r\n---\r\nbody\r\n', FILE, 'en', 'fuzz.md', templates).title).toBe('x');
  });
});
