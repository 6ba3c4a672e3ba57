/**
 * What rendering one page's Markdown needs to know: the facts of a page that travel on its VFile
 * (`file.data.ecom`) to the site's remark plugins, which read it, and to cli/core/render/markdown.ts,
 * which sets it.
 */
import type { Locale } from '../../../../shared/constants.ts';
import type { Problem } from '../../common/errors.ts';
import type { ImageTable } from '../../images/images.ts';
import type { LinkTargets } from '../../common/link-targets.ts';
import type { Placeholders } from '../../text/placeholders.ts';
import type { TermBase } from '../../text/terms.ts';

/** What rendering one page's Markdown needs to know. */
export interface MarkdownContext {
  file: string;
  /** The file line the Markdown body starts on, so positions point into the real file. */
  bodyLine: number;
  /** The locale of the tree the page is written into (links are localised for it). */
  locale: Locale;
  /** The language the Markdown is written in (a stand-in page's differs from its tree's locale). */
  language?: Locale;
  /** The term base: text using a variant to avoid gets a TERM_VARIANT warning. */
  terms?: TermBase;
  /** The URL path of the page, for resolving relative links. */
  path: string;
  targets: LinkTargets;
  placeholders: Placeholders;
  /** What goes before the URL of every image from public/: the base path and site.yaml's `cdn` (cli/core/common/base-path.ts `assetPrefix`; empty: none). */
  cdn?: string;
  /** The base path links to pages and files are written under (cli/core/common/base-path.ts; default `/`). */
  basePath?: string;
  /** The raster images of public/ (cli/core/images/images.ts): an image of one becomes a `<picture>`. */
  images?: ImageTable;
  /** The `sizes` of body photos, from the template's layout; default `BODY_IMAGE_SIZES` (remark/pictures.ts). */
  imageSizes?: string;
  warnings: Problem[];
  errors: Problem[];
}
