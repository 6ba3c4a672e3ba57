/**
 * remarkProse: the body's text checked against the term base and the spacing rule of Chinese text
 * (cli/core/text/prose-checks.ts), as the writer wrote it, before placeholders are filled.
 */
import type { Processor } from 'unified';
import { langOf } from '../../common/locales.ts';
import { proseProblems } from '../../text/prose-checks.ts';
import { addHandlers } from './walk.ts';

/** Warns about variant terms and spacing in the body's text (TERM_VARIANT, CJK_SPACING). */
export function remarkProse(this: Processor): void {
  addHandlers(this, {
    text(node, _index, _parent, { ctx }) {
      if (!ctx.terms || !node.position) return undefined;
      const { line, column } = node.position.start;
      const code = ctx.language ?? ctx.locale;
      const written = { code, lang: langOf(ctx.targets.locales, code) };
      ctx.warnings.push(...proseProblems(node.value, written, ctx.terms, ctx.file, { line: line + ctx.bodyLine - 1, column }));
      return undefined;
    },
  });
}
