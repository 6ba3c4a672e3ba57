import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage, type TemplateFields } from '../../../../cli/core/load/content.ts';
import type { Fields } from '../../../../cli/core/common/field-validator.ts';
import { SiteError, type Problem } from '../../../../cli/core/common/errors.ts';
import { tempDir } from '../../../helpers/cli.ts';

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
