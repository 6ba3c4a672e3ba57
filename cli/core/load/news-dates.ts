/**
 * News articles dated from site.yaml (`newsDates`, docs/writing.md, "site.yaml"): an article whose front
 * matter gives no `date` takes the one site.yaml gives for its slug, so that a date the source does not
 * state can wait in site.yaml as a stand-in, listed in `placeholders` and refused by `build --strict`, instead
 * of a made-up day in the page. An article with neither is FRONTMATTER_INVALID. Pure: pages that change are copied.
 */
import { problem, type Problem } from '../common/errors.ts';
import type { SourcePage } from './content.ts';

/** The slug of an article: the last part of its route (`/news/vet-ctoc-launch` → `vet-ctoc-launch`). */
function slugOf(route: string): string {
  return route.split('/').pop() ?? '';
}

/** The pages with each undated article given its site.yaml date, and an error for each article left undated. */
export function dateArticles(
  pages: readonly SourcePage[],
  newsDates: Readonly<Record<string, string>>,
  isArticle: (template: string) => boolean,
): { pages: SourcePage[]; errors: Problem[] } {
  const errors: Problem[] = [];
  const dated = pages.map((page) => {
    if (!isArticle(page.template) || typeof page.data.date === 'string') return page;
    const slug = slugOf(page.route);
    const date = newsDates[slug];
    if (date !== undefined) return { ...page, data: { ...page.data, date } };
    errors.push(
      problem(
        'FRONTMATTER_INVALID',
        `\`date\` is required: the publication date, written YYYY-MM-DD (or YYYY-MM for a month), here or in site.yaml \`newsDates\` (\`${slug}: YYYY-MM\`).`,
        { file: page.file, line: 1 },
      ),
    );
    return page;
  });
  return { pages: dated, errors };
}
