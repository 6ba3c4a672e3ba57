/**
 * The nastiest front matter through the real CLI: an alias bomb, JavaScript front matter, deep nesting,
 * code tags, BOM and CRLF, NUL and invalid UTF-8 each end in a page or a catalogued error naming the file,
 * never a stack trace (docs/errors.md). The parser alone is fuzzed in
 * test/cli/core/load/content.frontmatter-fuzz.slow.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';
import { aliasBomb as bomb } from '../../helpers/nasty-yaml.ts';

describe('the nastiest front matter through the real CLI', () => {
  /** Each case's one outcome: the error code at the file's line, or the page built with that title. */
  type Outcome = { error: string } | { title: string };
  const cases: Record<string, [string | Buffer, Outcome]> = {
    'alias bomb': [`---\ntitle: Home\n${bomb(9)}---\n\nHello.\n`, { error: 'FRONTMATTER_SYNTAX' }],
    'JavaScript behind a no-break space': ['---\u00a0js\n{ title: "Home" }\n---\n\nHello.\n', { error: 'FRONTMATTER_LANGUAGE' }],
    'deep nesting': [`---\ntitle: Home\ndeep: ${'['.repeat(10_000)}\n---\n\nHello.\n`, { error: 'FRONTMATTER_SYNTAX' }],
    // The tags are not run: the title is the tagged text, and the other field is an unknown one.
    'code tags': [
      '---\ntitle: !!js/function "function () {}"\nx: !!python/object:os.system {}\n---\n\nHello.\n',
      { title: 'function () {}' },
    ],
    'BOM and CRLF': ['\uFEFF---\r\ntitle: Home\r\ndescription: Test home\r\n---\r\n\r\nHello.\r\n', { title: 'Home' }],
    'NUL and invalid UTF-8': [
      Buffer.concat([
        Buffer.from('---\ntitle: "Ho\u0000me"\n'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]),
        Buffer.from('---\n\nHello.\n'),
      ]),
      { error: 'FRONTMATTER_SYNTAX' },
    ],
  };
  it.each(Object.keys(cases))(
    '%s: its one outcome, a page or a catalogued error naming the file, never a stack',
    async (name) => {
      const [text, outcome] = cases[name] as [string | Buffer, Outcome];
      const content = makeContent();
      writeFileSync(join(content, 'en', 'index.md'), text);
      const out = join(tempDir(), 'dist');
      const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
      expect(result.stderr).not.toContain('Unexpected error');
      expect(result.stderr).not.toContain('INTERNAL');
      expect(result.stderr).not.toMatch(/^\s+at .+/m);
      if ('error' in outcome) {
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(new RegExp(`content/en/index\\.md(:\\d+)+\\s+${outcome.error}\\s`));
        expect(existsSync(out)).toBe(false);
      } else {
        expect(result.code).toBe(0);
        expect(readFileSync(join(out, 'en', 'index.html'), 'utf8')).toContain(`<title>${outcome.title}</title>`);
      }
    },
    60_000,
  );
});
