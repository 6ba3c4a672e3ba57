import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../cli/core/errors.ts';
import { ROOT } from './helpers/cli.ts';

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('lists every error and warning code of the catalogue', () => {
    const missing = Object.keys(CATALOGUE).filter((code) => !readme.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
  });

  it('documents every option of build', () => {
    for (const option of ['--content', '--out', '--base-url', '--drafts', '--strict', '--quiet', '--report', '--debug']) {
      expect(readme).toContain(`\`${option}`);
    }
  });
});
