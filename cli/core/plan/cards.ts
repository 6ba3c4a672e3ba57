/**
 * Social cards, the pure part (docs/hosting.md, "Search engines and feeds"): which card each page gets, what it
 * shows, its key and its file. Every page's `og:image` and `twitter:image` is a 1200×630 PNG under
 * /assets/cards/, drawn from the page's title, its section and the company logo in the page's locale
 * (cli/core/images/card-image.ts draws it), or made from the image its front matter names (`card`). The file name
 * carries the card's key, a hash of everything its pixels depend on, so nginx may cache it for good and an
 * unchanged card is never drawn again.
 */
import type { Locale } from '../../../shared/constants.ts';
import type { CardSource, CardSpec, CardText } from '../images/card-spec.ts';
import { langOf, localeCodes } from '../common/locales.ts';
import type { Menu, SiteConfig, Strings } from '../load/config.ts';
import { problem, type Problem } from '../common/errors.ts';
import { contentHash } from '../common/files.ts';
import type { PlannedPage } from '../load/i18n.ts';
import { translator } from '../text/translator.ts';
import { decodeSitePath, routeName, sitePagesOf, type SitePage } from '../common/routes.ts';

/** The version of the card design: part of every key, so a change of the drawing makes every card anew. */
export const CARD_DESIGN = 1;

/** What the image pipeline's probe found of an image of public/ (cli/core/images/image-files.ts): the hash of its bytes, or why it cannot be read. */
export type CardImageInfo = { hash: string } | { error: string };

/** Everything cards depend on besides the pages. */
export interface CardInputs {
  config: Pick<SiteConfig, 'company' | 'locales'> & Partial<Pick<SiteConfig, 'search'>>;
  menu: Menu;
  strings: Strings;
  /** Page titles per locale and route (placeholders filled). */
  titles: Record<Locale, ReadonlyMap<string, string>>;
  /** Breadcrumb parents per locale and route. */
  parents: Record<Locale, ReadonlyMap<string, string>>;
  /** A hash of the shared art: logo bytes, font files, renderer version (cli/core/images/card-image.ts `cardArt`). */
  art: string;
  /** The probe of a raster image of public/ by site path (`/images/x.png`); undefined when there is no such image. */
  image: (path: string) => CardImageInfo | undefined;
  /** Where public/ is, to name the file a card is made from. */
  publicDir: string;
}

/** The cards of a site: one per page and locale, and one per 404 page. */
export interface CardPlan {
  cards: CardSpec[];
  /** The site path of each page's card (`/assets/cards/…`), per locale and route (the 404 pages under `/404`). */
  paths: Record<Locale, Map<string, string>>;
  problems: Problem[];
}

/** Extensions a `card` image may have: PNG and JPEG are what every link preview shows. */
const CARD_IMAGE = /\.(png|jpe?g)$/i;

/** The line above a page's title: the label of its menu group, else its breadcrumb parent's title. */
export function sectionOf(
  route: string,
  locale: Locale,
  inputs: Pick<CardInputs, 'menu' | 'strings' | 'titles' | 'parents'>,
): string | undefined {
  const group = inputs.menu.groups.find((g) => g.items.some((item) => decodeSitePath(item.route) === route));
  if (group) return translator(inputs.strings, locale)(group.label);
  const parent = inputs.parents[locale]?.get(route);
  return parent ? inputs.titles[locale]?.get(parent) : undefined;
}

/**
 * The key of a card: its design version, what it shows, the language that picks its glyphs (zh-CN and ja
 * draw the same characters differently) and the art; or the bytes it is made from.
 */
export function cardKey(source: CardSource, art: string, imageHash = ''): string {
  return contentHash(
    JSON.stringify(source.kind === 'drawn' ? [CARD_DESIGN, art, source.text, source.lang] : [CARD_DESIGN, 'image', imageHash]),
  );
}

/** The output path of the card of `route` in `locale`. */
export function cardPath(route: string, locale: Locale, key: string): string {
  return `assets/cards/${routeName(route, locale)}.${key}.png`;
}

/**
 * Checks a front matter `card` value against public/: it must name a PNG or JPEG file there. Returns why
 * not, or undefined.
 */
function cardImageProblem(value: string, info: CardImageInfo | undefined): string | undefined {
  if (!value.startsWith('/'))
    return `\`card\` must be a path in public/ starting with "/" (e.g. /images/card.png), found ${JSON.stringify(value)}.`;
  if (!CARD_IMAGE.test(value)) return `\`card\` must name a PNG or JPEG image, found ${JSON.stringify(value)}.`;
  if (!info) return `\`card\` names ${value}, which is not a file of public/.`;
  if ('error' in info) return `\`card\` names ${value}: ${info.error}`;
  return undefined;
}

/**
 * Plans every card: one per page (a stand-in gets its own, in its locale, since the section and company
 * name are its tree's) and one per 404 and search page, titled `sitePageTitle`.
 */
export function planCards(
  pages: readonly PlannedPage[],
  inputs: CardInputs,
  sitePageTitle: (page: SitePage, locale: Locale) => string,
): CardPlan {
  const cards: CardSpec[] = [];
  const problems: Problem[] = [];
  const { locales } = inputs.config;
  const paths: Record<Locale, Map<string, string>> = Object.fromEntries(localeCodes(locales).map((l) => [l, new Map<string, string>()]));
  const add = (route: string, locale: Locale, source: CardSource, imageHash?: string): void => {
    const key = cardKey(source, inputs.art, imageHash);
    const path = cardPath(route, locale, key);
    cards.push({ path, key, source });
    paths[locale]?.set(route, `/${path}`);
  };
  const drawn = (locale: Locale, text: Omit<CardText, 'company' | 'locale'>): CardSource => ({
    kind: 'drawn',
    text: { ...text, company: inputs.config.company[locale] ?? '', locale },
    lang: langOf(locales, locale),
  });
  for (const page of pages) {
    const { locale, route, source } = page;
    const named = source.data.card;
    if (typeof named === 'string') {
      const info = inputs.image(decodeSitePath(named));
      const why = cardImageProblem(named, info);
      if (!why && info && 'hash' in info) {
        add(route, locale, { kind: 'image', file: `${inputs.publicDir}${decodeSitePath(named)}` }, info.hash);
        continue;
      }
      // A stand-in shares its source's front matter: the problem is reported once, for the source.
      if (why && !page.fallback) problems.push(problem('CARD_INVALID', why, { file: source.file, line: source.lineOf(['card']) }));
      if (why) continue;
    }
    const title = inputs.titles[locale]?.get(route) ?? String(source.data.title);
    const section = sectionOf(route, locale, inputs);
    add(route, locale, drawn(locale, { title, ...(section && section !== title ? { section } : {}) }));
  }
  for (const sitePage of sitePagesOf(inputs.config))
    for (const locale of localeCodes(locales)) add(sitePage.route, locale, drawn(locale, { title: sitePageTitle(sitePage, locale) }));
  return { cards, paths, problems };
}
