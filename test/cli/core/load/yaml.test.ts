import { describe, expect, it } from 'vitest';
import { loadMenu, loadSiteConfig, loadStrings } from '../../../../cli/core/load/config.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { makeContent } from '../../../helpers/cli.ts';

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
    const [p] = await problemsOf(loadStrings(dir));
    expect(p).toMatchObject({ code: 'STRINGS_INVALID', line: 2 });
  });
});
