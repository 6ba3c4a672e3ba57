import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../cli/core/common/errors.ts';
import { ROOT } from './helpers/cli.ts';

/** The README and every page of docs/, by path from the root. */
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The files of the project (tracked, or new and not ignored), as paths from the root. */
function projectFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(
      (file) => file && !file.split('/').includes('node_modules') && existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile(),
    );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a Markdown file (outside code blocks), as written. */
function headingsOf(file: string): string[] {
  return text(file)
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .flatMap((line) => /^#{1,4} (.+)$/.exec(line)?.[1] ?? []);
}

describe('the README and docs/', () => {
  const readme = text('README.md');

  it('documents every option of build in the README', () => {
    for (const option of [
      '--content',
      '--out',
      '--base-url',
      '--drafts',
      '--strict',
      '--allow-placeholders',
      '--quiet',
      '--report',
      '--debug',
    ]) {
      expect(readme).toContain(`| \`${option}`);
    }
  });

  it('keeps the error codes in docs/errors.md alone (generated), not in a table of the README', () => {
    expect(readme).toContain('(docs/errors.md)');
    expect(Object.keys(CATALOGUE).filter((code) => readme.includes(`| \`${code}\` |`))).toEqual([]);
  });

  it('links only to files and headings that exist (a planned page is marked so)', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      // Code blocks and code spans hold examples of Markdown, not links of the page.
      const lines = text(file)
        .replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''))
        .split('\n');
      for (const [i, line] of lines.entries()) {
        const n = i + 1;
        for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
          const [path, anchor] = (match[1] as string).split('#') as [string, string | undefined];
          if (/^[a-z]+:/.test(path)) continue;
          const target = path === '' ? file : normalize(join(dirname(file), path));
          if (!existsSync(join(ROOT, target))) {
            if (!line.includes('(planned)')) broken.push(`${file}:${n}: ${match[1]}`);
          } else if (anchor && !headingsOf(target).some((h) => anchorOf(h) === anchor)) broken.push(`${file}:${n}: ${match[1]}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only files and folders of the code that exist (content/ and public/ paths are examples; globs are patterns)', () => {
    const named = DOCS.flatMap((file) =>
      [...text(file).matchAll(/`((?:bin|cli|client|docs|hosting|patches|scripts|templates|test|vendor)\/[^`\s]*)`/g)].map((m) => [
        file,
        m[1] as string,
      ]),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(
      named
        .filter(([, path]) => !(path as string).includes('*') && !existsSync(join(ROOT, path as string)))
        .map(([file, path]) => `${file}: ${path}`),
    ).toEqual([]);
  });

  it('has every section the code cites: `docs/x.md, "Section"` and `README, "Section"`', () => {
    const cited: string[] = [];
    const sources = projectFiles().filter((f) => /\.(ts|tsx|mjs|js|css|conf|yaml)$/.test(f) && !f.startsWith('vendor/'));
    // This file names the pattern itself.
    for (const file of sources.filter((f) => f !== 'test/readme.test.ts')) {
      // Comment prefixes joined away, so a citation broken over two lines reads as one.
      const joined = text(file).replace(/\n\s*(?:\*|\/\/|#)?\s*/g, ' ');
      for (const m of joined.matchAll(/\b(README|docs\/[\w-]+\.md),? "([^"]+)"/g)) {
        const doc = m[1] === 'README' ? 'README.md' : (m[1] as string);
        if (!existsSync(join(ROOT, doc)) || !headingsOf(doc).some((h) => h.replace(/`/g, '') === m[2]))
          cited.push(`${file}: ${m[1]}, "${m[2]}"`);
      }
    }
    expect(cited).toEqual([]);
  });

  it('stands on its own: no file of the project cites a document the repository does not hold', () => {
    // Design documents kept outside the repository once were cited as the source of behaviour; what the code
    // needs from them is in the README and docs/ now, and comments cite their sections. (Written so as not to
    // match itself.)
    const outside = /\b(?:SPEC|CONTRACT|STYLE)\.md\b|DESIGN[-]CARD/;
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(50);
    const citing = files.flatMap((file) =>
      text(file)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
