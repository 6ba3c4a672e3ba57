import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPages, parsePage, toParsed, type TemplateFields } from '../../../../cli/core/load/content.ts';
import type { Fields } from '../../../../cli/core/common/field-validator.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { displayPath } from '../../../../cli/core/common/paths.ts';
import { tempDir } from '../../../helpers/cli.ts';
import { random } from '../../../helpers/random.ts';

const templates: TemplateFields = {
  names: ['article', 'page'],
  fieldsOf: (name): Fields => (name === 'article' ? { date: { kind: 'date', required: true } } : {}),
  isArticle: (name) => name === 'article',
};

function parse(text: string) {
  return parsePage(text, 'content/en/x.md', 'en', 'x.md', templates);
}

function problemsOf(text: string): Problem[] {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof SiteError) return error.problems;
    throw error;
  }
  throw new Error('expected the page to be refused');
}

describe('parsePage', () => {
  it('reads front matter, body and the line the body starts on', () => {
    const page = parse('---\ntitle: Hello\ndescription: A page\n---\n\nBody text.\n');
    expect(page.title).toBe('Hello');
    expect(page.template).toBe('page');
    expect(page.route).toBe('/x');
    expect(page.body.trim()).toBe('Body text.');
    expect(page.bodyLine).toBe(5);
  });

  it('refuses JavaScript front matter without running it', () => {
    const marker = join(tempDir(), 'ran');
    const code = `{ title: require('fs').writeFileSync(${JSON.stringify(marker)}, 'x') }`;
    for (const fence of ['---js', '---javascript', '--- js', '---JS', '---coffee']) {
      const [p] = problemsOf(`${fence}\n${code}\n---\nbody\n`);
      expect(p?.code).toBe('FRONTMATTER_LANGUAGE');
      expect(p?.line).toBe(1);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('reports a YAML syntax error at its line in the file', () => {
    const [p] = problemsOf('---\ntitle: ok\ndescription: [unclosed\nkeywords: x\n---\nbody\n');
    expect(p?.code).toBe('FRONTMATTER_SYNTAX');
    expect(p?.file).toBe('content/en/x.md');
    expect(p?.line).toBeGreaterThanOrEqual(3);
    expect(p?.line).toBeLessThanOrEqual(5);
  });

  it('requires a title', () => {
    const [p] = problemsOf('---\ndescription: no title\n---\nbody\n');
    expect(p?.code).toBe('FRONTMATTER_INVALID');
    expect(p?.message).toMatch(/`title` is required/);
  });

  it('names the field, its line and the expected type', () => {
    const [p] = problemsOf('---\ntitle: ok\ndraft: "yes"\n---\n');
    expect(p?.message).toMatch(/`draft` must be true or false/);
    expect(p?.line).toBe(3);
  });

  it('lists the known templates for an unknown one', () => {
    const [p] = problemsOf('---\ntitle: ok\ntemplate: fancy\n---\n');
    expect(p?.code).toBe('TEMPLATE_UNKNOWN');
    expect(p?.line).toBe(3);
    expect(p?.message).toContain('Known templates: article, page');
  });

  it('validates the fields a template documents', () => {
    const [p] = problemsOf('---\ntitle: ok\ntemplate: article\ndate: 2024-13-45\n---\n');
    expect(p?.message).toMatch(/`date`/);
  });

  it('warns about fields no template reads', () => {
    const { warnings } = parse('---\ntitle: ok\ntitel: typo\n---\n');
    expect(warnings.map((w) => [w.code, w.line])).toEqual([['FIELD_UNKNOWN', 3]]);
  });

  it('never builds functions or objects from YAML tags', () => {
    const page = parse('---\ntitle: !!js/function "function () { return 1 }"\n---\n');
    expect(typeof page.title).toBe('string');
    expect(typeof page.data.title).toBe('string');
  });
});

describe('a page taken from the build cache', () => {
  it('answers the line of a top-level field without parsing its front matter again', async () => {
    const content = tempDir();
    mkdirSync(join(content, 'en'));
    const text = '---\ntitle: Hello\ndescription: A page\ntranslation:\n  locale: zh\n  version: abc\n---\n\nBody.\n';
    writeFileSync(join(content, 'en', 'x.md'), text);
    const file = `${displayPath(content)}/en/x.md`;
    const first = parsePage(text, file, 'en', 'x.md', templates);
    const parsed = toParsed(first);
    expect(parsed).toBeDefined();
    // Templates that no longer know the page's template: parsing it again would throw TEMPLATE_UNKNOWN.
    const changed: TemplateFields = { ...templates, names: ['article'] };
    const reuse = { sources: new Map(), parsed: new Map([[file, parsed as NonNullable<typeof parsed>]]) };
    const { pages } = await loadPages(content, changed, reuse);
    const page = pages[0];
    expect(page?.hash).toBe(first.hash);
    expect(page?.lineOf(['translation'])).toBe(4);
    expect(page?.lineOf(['description'])).toBe(3);
    // A field it lacks is reported where the front matter starts, as a parse would say.
    expect(page?.lineOf(['keywords'])).toBe(first.lineOf(['keywords']));
    expect(page?.lineOf(['keywords'])).toBe(2);
    expect(page?.lineOf([])).toBe(2);
    // Kept for the next build as it was read, again without a parse.
    expect(toParsed(page as NonNullable<typeof page>)).toEqual(parsed);
    // A deeper path is not kept: it parses the front matter again, as before.
    expect(() => page?.lineOf(['translation', 'version'])).toThrow(SiteError);
  });

  for (const seed of [1, 2, 3]) {
    it(`gives every top-level field the line a parse gives, present or absent (seed ${seed})`, async () => {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
      const content = tempDir();
      mkdirSync(join(content, 'en'));
      const parsed = new Map();
      const firsts = new Map<string, ReturnType<typeof parsePage>>();
      for (let n = 0; n < 40; n++) {
        // Fields in any order, with comments, blank lines, block and flow values between them.
        const lines = ['---'];
        for (const field of ['title', 'description', 'keywords', 'source', 'draft', 'hero', 'menu']) {
          if (field !== 'title' && next() < 0.4) continue;
          if (next() < 0.3) lines.push(pick(['', '# a comment', '   ']));
          if (field === 'source') lines.push(next() < 0.5 ? 'source:\n  locale: zh\n  version: v1' : 'source: { locale: zh }');
          else if (field === 'draft') lines.push('draft: false');
          else if (field === 'hero' || field === 'menu') lines.push(`${field}:\n  - a\n  -\n    b: 1`);
          else lines.push(`${field}: ${pick(['plain', '"quoted"', '>\n  folded\n  text'])}`);
        }
        lines.push('---', '', `Body ${n}.`);
        const text = lines.join('\n');
        const file = `${displayPath(content)}/en/p${n}.md`;
        writeFileSync(join(content, 'en', `p${n}.md`), text);
        const first = parsePage(text, file, 'en', `p${n}.md`, templates);
        firsts.set(file, first);
        parsed.set(file, toParsed(first));
      }
      const { pages } = await loadPages(content, templates, { sources: new Map(), parsed });
      expect(pages).toHaveLength(40);
      for (const page of pages) {
        const first = firsts.get(page.file) as ReturnType<typeof parsePage>;
        for (const field of ['title', 'description', 'keywords', 'source', 'draft', 'hero', 'menu', 'absent', 'constructor', '__proto__'])
          expect([page.file, field, page.lineOf([field])]).toEqual([page.file, field, first.lineOf([field])]);
      }
    });
  }
});
