import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../cli/core/common/errors.ts';
import { ROOT } from './helpers/cli.ts';

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('lists every error and warning code of the catalogue', () => {
    const missing = Object.keys(CATALOGUE).filter((code) => !readme.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
  });

  it('stands on its own: no file of the project cites a document the repository does not hold', () => {
    // Design documents kept outside the repository once were cited as the source of behaviour; what the code
    // needs from them is in the README now, and comments cite its sections. (Written so as not to match itself.)
    const outside = /\b(?:SPEC|CONTRACT|STYLE)\.md\b|DESIGN[-]CARD/;
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(
        (file) => file && !file.split('/').includes('node_modules') && existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile(),
      );
    expect(files.length).toBeGreaterThan(50);
    const citing = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });

  it('documents every option of build', () => {
    for (const option of ['--content', '--out', '--base-url', '--drafts', '--strict', '--quiet', '--report', '--debug']) {
      expect(readme).toContain(`\`${option}`);
    }
  });
});
