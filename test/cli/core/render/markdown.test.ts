import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../../cli/core/common/errors.ts';
import { renderMarkdown } from '../../../../cli/core/render/markdown.ts';
import type { MarkdownContext } from '../../../../cli/core/render/remark/markdown-context.ts';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';

function render(markdown: string, locale: 'zh' | 'en' = 'en') {
  const ctx: MarkdownContext = {
    file: 'content/en/x.md',
    bodyLine: 5,
    locale,
    path: locale === 'en' ? '/en/x' : '/x',
    targets: { locales: DEFAULTS.locales, routes: new Set(['/', '/DROC', '/x']), files: new Set(['/images/logo.svg']) },
    placeholders: { phone: '+86 000', email: 'hi@example.test', company: 'Test Co' },
    warnings: [] as Problem[],
    errors: [] as Problem[],
  };
  const result = renderMarkdown(markdown, ctx);
  return { html: renderToStaticMarkup(result.body), result, warnings: ctx.warnings, errors: ctx.errors };
}

describe('renderMarkdown', () => {
  it('renders CommonMark and GFM tables', () => {
    const { html } = render('Some *text*.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<em>text</em>');
    expect(html).toContain('<table>');
  });

  it('removes raw HTML and warns with the file line', () => {
    const { html, warnings } = render('Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n');
    expect(html).not.toMatch(/<script|onerror|<img/);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['RAW_HTML', 7],
      ['RAW_HTML', 9],
    ]);
  });

  it('drops javascript: and data: URLs, however they are written, and warns', () => {
    const { html, warnings } = render(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](&#106;avascript:alert(1)) <javascript:alert(1)>\n\n![d](data:image/svg+xml,x)\n\n[e]: vbscript:x\n\n[f][e]\n',
    );
    expect(html).not.toMatch(/(href|src)=/);
    expect(html).toContain('a b c');
    expect(warnings.filter((w) => w.code === 'UNSAFE_URL')).toHaveLength(6);
  });

  it('escapes everything a writer types', () => {
    const { html } = render('A <b>tag</b> & "quotes" and `<code>`\n');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;code&gt;');
  });

  it('fills {phone}, {email} and {company}, and leaves other braces', () => {
    const { html } = render('Call {phone}, mail [{email}](mailto:{email}) at {company}. {other}\n');
    expect(html).toContain('Call +86 000');
    expect(html).toContain('href="mailto:hi@example.test"');
    expect(html).toContain('at Test Co');
    expect(html).toContain('{other}');
  });

  it('localises internal links on English pages and reports broken ones at their line', () => {
    const { html, errors } = render('See [DROC](/DROC).\n\nAnd [gone](/nope).\n');
    expect(html).toContain('href="/en/DROC"');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'LINK_BROKEN', file: 'content/en/x.md', line: 7, column: 5 });
  });

  it('splits the body into the intro and its ## sections', () => {
    const { result } = render('Intro.\n\n## About\n\nA.\n\n## Features\n\n- one\n');
    expect(result.intro).not.toBeNull();
    expect(result.sections.map((s) => s.title)).toEqual(['About', 'Features']);
    expect(renderToStaticMarkup(result.sections[1]!.body)).toContain('<li>one</li>');
  });

  it('turns a stray # heading into ## so the page keeps one h1', () => {
    const { html, warnings } = render('# Title\n\ntext\n');
    expect(html).toContain('<h2>Title</h2>');
    expect(warnings[0]?.code).toBe('HEADING_LEVEL');
  });
});
