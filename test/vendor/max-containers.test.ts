/**
 * The nesting guard's first line: micromark as patched (patches/micromark+4.0.3.patch) takes a
 * `maxContainers` option and refuses one container (block quote, list item) more while parsing. The site
 * passes it through remark-parse (cli/core/render/markdown.ts, declared in micromark-options.d.ts); an
 * install without the patch would drop it silently and parse such a line for seconds before the tree's
 * depth is checked. These fail without the patch.
 */
import { parse, postprocess, preprocess } from 'micromark';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../cli/core/common/errors.ts';
import { DEFAULTS } from '../../cli/core/common/defaults.ts';
import { PageRefused, renderMarkdown } from '../../cli/core/render/markdown.ts';

/** The events micromark makes of `doc`, with `maxContainers`. */
function events(doc: string, maxContainers: number | undefined): unknown[] {
  return postprocess(
    parse({ maxContainers })
      .document()
      .write(preprocess()(doc, undefined, true)),
  );
}

describe('maxContainers', () => {
  it('refuses the container one over the limit while parsing, with the line, and nothing at the limit', () => {
    expect(events(`${'>'.repeat(3)} a`, 3).length).toBeGreaterThan(0);
    expect(() => events(`a\n\n${'> '.repeat(4)}a`, 3)).toThrow(
      expect.objectContaining({ code: 'MICROMARK_MAX_CONTAINERS', line: 3, message: expect.stringMatching(/More than 3 containers/) }),
    );
    expect(() => events(`${'- '.repeat(4)}a`, 3)).toThrow(expect.objectContaining({ code: 'MICROMARK_MAX_CONTAINERS', line: 1 }));
    // Without the option nothing changes.
    expect(events(`${'- '.repeat(40)}a`, undefined).length).toBeGreaterThan(0);
  });

  it('reaches micromark through remark-parse', () => {
    const processor = unified().use(remarkParse, { maxContainers: 2 });
    expect(() => processor.parse('> > > a')).toThrow(expect.objectContaining({ code: 'MICROMARK_MAX_CONTAINERS' }));
    expect(processor.parse('> > a').children).toHaveLength(1);
  });

  it('makes the site refuse a page nested too deep on one line with PAGE_TOO_DEEP at its line, before the tree is built', () => {
    const ctx = {
      file: 'content/en/x.md',
      bodyLine: 5,
      locale: 'en' as const,
      path: '/en/x',
      targets: { locales: DEFAULTS.locales, routes: new Set(['/']), files: new Set<string>() },
      placeholders: { phone: '', email: '', company: '' },
      warnings: [] as Problem[],
      errors: [] as Problem[],
    };
    // "More than" the limit is what only the parser's refusal says; the depth check after parsing counts the levels.
    const deep = `Intro.\n\n${'- '.repeat(DEFAULTS.maxNesting + 1)}a\n`;
    expect(() => renderMarkdown(deep, ctx)).toThrow(PageRefused);
    expect(() => renderMarkdown(deep, ctx)).toThrow(
      expect.objectContaining({ code: 'PAGE_TOO_DEEP', line: 7, message: expect.stringMatching(/nested more than 1,000 levels deep/) }),
    );
  });
});
