import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { loadMenu, loadSiteConfig, loadStrings } from '../../../../cli/core/load/config.ts';
import { parseYaml } from '../../../../cli/core/common/yaml.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { makeContent } from '../../../helpers/cli.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { random } from '../../../helpers/random.ts';
import { workRatio } from '../../../helpers/work.ts';

async function problemsOf(promise: Promise<unknown>): Promise<Problem[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SiteError) return error.problems;
    throw error;
  }
  throw new Error('expected an error');
}

describe('site.yaml, menu.yaml and _strings.yaml', () => {
  it('reads valid settings and drops trailing slashes from URLs', async () => {
    const dir = makeContent({
      'site.yaml': 'baseUrl: https://example.test/\ncompany: { zh: 甲, en: A }\nphone: "1"\nemail: a@b.c\ncdn: https://cdn.example.test/\n',
    });
    const config = await loadSiteConfig(dir);
    expect(config.baseUrl).toBe('https://example.test');
    expect(config.cdn).toBe('https://cdn.example.test');
  });

  it('reports a YAML syntax error with its line', async () => {
    const dir = makeContent({ 'site.yaml': 'baseUrl: https://example.test\ncompany:\n  zh: [\n' });
    const [p] = await problemsOf(loadSiteConfig(dir));
    expect(p).toMatchObject({ code: 'YAML_SYNTAX', file: expect.stringMatching(/site\.yaml$/) });
    expect(p?.line).toBeGreaterThanOrEqual(3);
  });

  it('names an invalid field with its path, line and what is allowed', async () => {
    const dir = makeContent({ 'site.yaml': 'baseUrl: example.test\ncompany: { zh: 甲, en: A }\nphone: "1"\nemail: a@b.c\n' });
    const [p] = await problemsOf(loadSiteConfig(dir));
    expect(p).toMatchObject({ code: 'CONFIG_INVALID', line: 1 });
    expect(p?.message).toMatch(/`baseUrl` must be an absolute http\(s\) URL/);
  });

  it('points into menu.yaml with the full path of a bad item', async () => {
    const dir = makeContent({ 'menu.yaml': 'groups:\n  - label: a\n    items:\n      - route: DROC\n        label: b\n' });
    const [p] = await problemsOf(loadMenu(dir));
    expect(p).toMatchObject({ code: 'MENU_INVALID', line: 4 });
    expect(p?.message).toContain('groups[0].items[0].route');
  });

  it('requires strings to be plain text', async () => {
    const dir = makeContent({ 'en/_strings.yaml': 'a: A\nb:\n  nested: no\n' });
    const [p] = await problemsOf(loadStrings(dir, DEFAULTS.locales));
    expect(p).toMatchObject({ code: 'STRINGS_INVALID', line: 2 });
  });
});

describe('parseYaml on many keys', () => {
  /** The first error as the yaml package reports it with its own duplicate-key check on. */
  const reference = (text: string): { line: number; message: string } | undefined => {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core', logLevel: 'error' });
    const first = doc.errors[0];
    return first && { line: lineCounter.linePos(first.pos[0]).line, message: `Cannot parse YAML: ${first.message.split('\n')[0]}.` };
  };
  const ours = (text: string): { line: number; message: string } | undefined => {
    try {
      parseYaml(text, 'x.yaml');
      return undefined;
    } catch (error) {
      const [p] = (error as SiteError).problems;
      // Errors of the next step (an alias to no anchor, too many aliases) are not the parser's.
      return p && !p.message.startsWith('Cannot read YAML') ? { line: p.line ?? 0, message: p.message } : undefined;
    }
  };
  const PIECES = [
    'a: 1\n',
    'b: 2\n',
    'a: 3\n',
    '"a": 4\n',
    '1: x\n',
    "'1': y\n",
    '.nan: n\n',
    '? [k]\n: v\n',
    'n:\n  a: 1\n  a: 2\n',
    'l:\n  - a: 1\n    a: 2\n',
    '{a: 1, a: 2}: z\n',
    'f: {x: 1, y: 2, x: 3}\n',
    'bad: [\n',
    ': e\n',
    'null: m\n',
    '~: q\n',
    'true: t\n',
    '"true": u\n',
    '&x c: 5\n',
    '*x : 6\n',
    'd: *x\n',
  ];

  it("reports the same first error on the same line as the parser's own duplicate-key check, for documents of keys, quoted, nested and flow maps (seeded)", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      for (let i = 0; i < 300; i++) {
        const text = Array.from({ length: 1 + Math.floor(next() * 8) }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
        expect(ours(text), `seed ${seed}, case ${i}: ${JSON.stringify(text)}`).toEqual(reference(text));
      }
    }
  });

  it('finds duplicates and the lines of keys with work linear in the keys (4 × the keys: 4 × the array work), where the parser alone does 16 ×', () => {
    // The parser's own check looked through the keys before each key, and each line asked for walked the
    // keys again: 20,000 keys of front matter took 12 s. Counted, not timed (test/helpers/work.ts).
    const keys = (n: number): string => Array.from({ length: n }, (_, i) => `key${i}: value ${i}\n`).join('');
    const ours = (text: string) => (): void => {
      const source = parseYaml(text, 'x.yaml');
      for (const key of Object.keys(source.value as object)) source.lineOf([key]);
    };
    const theirs = (text: string) => (): void => {
      const doc = parseDocument(text, { uniqueKeys: true });
      for (const key of Object.keys(doc.toJS() as object)) doc.getIn([key], true);
    };
    const linear = workRatio(ours(keys(1000)), ours(keys(4000)));
    expect(linear, `${linear.toFixed(2)} ×`).toBeLessThan(4.5);
    // The same count sees the quadratic cost of the parser's own check and lookup.
    const quadratic = workRatio(theirs(keys(250)), theirs(keys(1000)));
    expect(quadratic, `${quadratic.toFixed(2)} ×`).toBeGreaterThan(12);
    const source = parseYaml(keys(12_000), 'x.yaml');
    expect(source.lineOf(['key11999'])).toBe(12_000);
    expect(source.lineOf(['missing'])).toBe(1);
  });
});
