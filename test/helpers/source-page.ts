/**
 * A page as the loader reads it (cli/core/load/content.ts `SourcePage`), for tests of what comes after the
 * loader: its file `content/<locale><route>.md` (`/index` for the home page), the route as its title, an
 * empty body; `over` replaces any field.
 */
import type { SourcePage } from '../../cli/core/load/content.ts';

export function sourcePage(locale: string, route: string, over: Partial<SourcePage> = {}): SourcePage {
  const file = over.file ?? `content/${locale}${route === '/' ? '/index' : route}.md`;
  return {
    file,
    locale,
    route,
    data: { title: route },
    title: route,
    template: 'page',
    draft: false,
    body: '',
    bodyLine: 4,
    hash: file,
    bodyStart: 0,
    warnings: [],
    lineOf: () => 1,
    ...over,
  };
}
