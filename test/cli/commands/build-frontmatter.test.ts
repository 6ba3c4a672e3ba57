/**
 * The nastiest front matter through the real CLI: an alias bomb, JavaScript front matter, deep nesting,
 * code tags, BOM and CRLF, NUL and invalid UTF-8 each end in a page or a catalogued error naming the file,
 * never a stack trace (docs/errors.md). The parser alone is fuzzed in
 * test/cli/core/load/content.frontmatter-fuzz.slow.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, runCli, tempDir } from '../../helpers/cli.ts';
import { aliasBomb as bomb } from '../../helpers/nasty-yaml.ts';

describe('the nastiest front matter through the real CLI', () => {
  const cases: Record<string, string | Buffer> = {
    'alias bomb': `---\ntitle: Home\n${bomb(9)}---\n\nHello.\n`,
    'JavaScript behind a no-break space': '---\u00a0js\n{ title: "Home" }\n---\n\nHello.\n',
    'deep nesting': `---\ntitle: Home\ndeep: ${'['.repeat(10_000)}\n---\n\nHello.\n`,
    'code tags': '---\ntitle: !!js/function "function () {}"\nx: !!python/object:os.system {}\n---\n\nHello.\n',
    'BOM and CRLF': '\uFEFF---\r\ntitle: Home\r\ndescription: Test home\r\n---\r\n\r\nHello.\r\n',
    'NUL and invalid UTF-8': Buffer.concat([
      Buffer.from('---\ntitle: "Ho\u0000me"\n'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]),
      Buffer.from('---\n\nHello.\n'),
    ]),
  };
  it.each(Object.keys(cases))(
    '%s: exit 0, or exit 1 with a code and the file, never a stack',
    async (name) => {
      const content = makeContent();
      writeFileSync(join(content, 'en', 'index.md'), cases[name] as string | Buffer);
      const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--quiet']);
      expect(result.stderr).not.toContain('Unexpected error');
      expect(result.stderr).not.toContain('INTERNAL');
      expect(result.stderr).not.toMatch(/^\s+at .+/m);
      if (result.code !== 0) {
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/content\/en\/index\.md(:\d+)*\s+[A-Z_]+\s/);
      }
    },
    60_000,
  );
});
