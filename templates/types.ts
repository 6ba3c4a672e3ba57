/** The props every template receives. Built by the generator (cli/core/render/render.ts); templates only read them. */
import type { ReactElement } from 'react';
import type { Locale } from '../shared/constants.ts';
import type { UiString } from './strings.ts';

/** A `<picture>`: one `<source>` per modern format (AVIF, WebP) and the `<img>` fallback (JPEG or PNG), URLs ready. */
export interface PictureModel {
  sources: Array<{ type: string; srcSet: string }>;
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** A `##` section of the page body. */
export interface Section {
  title: string;
  heading: ReactElement;
  body: ReactElement;
}

/** A link of the header menu, with its label already translated and its href localised. */
export interface MenuLink {
  href: string;
  label: string;
  current: boolean;
}

/** A news article as listed on /news, /newsDetail and the home page. */
export interface ArticleSummary {
  href: string;
  slug: string;
  title: string;
  date: string;
  summary: string;
  /** The language its title and summary are written in (a stand-in's is its source's), as `<html lang>`. */
  lang: string;
}

/** One `<link rel=alternate hreflang>` of the head. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/** Open Graph and Twitter card facts of a page. */
export interface SocialMeta {
  /** `og:type`. */
  type: 'website' | 'article';
  /** Absolute URL of the share image. */
  image: string;
  /** `og:locale` of this page and of its other-language versions, e.g. `zh_CN`, `en_US`. */
  locale: string;
  alternateLocales: string[];
  /** Publication date of an article: YYYY-MM-DD, or YYYY-MM where only the month is known. */
  published?: string;
}

/**
 * The page being rendered. `D` is its front matter as its template declared it (templates/fields.ts); a
 * part that reads no front matter takes any page (`unknown`).
 */
export interface PageModel<D = unknown> {
  route: string;
  /** URL path of this page, percent-encoded, e.g. `/en/DROC`, `/en/%E5%85%B3%E4%BA%8E`. */
  path: string;
  locale: Locale;
  /** `<html lang>` of this locale tree (`zh-CN`, `en`). */
  lang: string;
  /** The language the content is written in; differs from `lang` on a fallback page. */
  contentLang: string;
  routeName: string;
  template: string;
  title: string;
  description: string;
  keywords: string;
  summary: string;
  /** Front matter with placeholders filled. */
  data: D;
  /** Set on a translation whose source changed since it was translated: the notice links to the source page. */
  outdated?: { href: string; hreflang: string };
  body: ReactElement;
  intro: ReactElement | null;
  sections: Section[];
  /** On a page whose template features the newest article (/newsDetail): that article's body. */
  featured?: ReactElement;
  social: SocialMeta;
  /** schema.org objects for `<script type="application/ld+json">` (Organization, NewsArticle, BreadcrumbList). */
  structuredData: Array<Record<string, unknown>>;
}

/** A link to the same page in one locale: its URL, its BCP 47 tag and its code (for the locale cookie). */
export interface LanguageLink {
  href: string;
  hreflang: string;
  lang: string;
  code: string;
}

/** Everything site-wide a template may use. */
export interface SiteModel {
  company: string;
  phone: string;
  email: string;
  baseUrl: string;
  /** Base of the product API (site.yaml `apiBase`; empty when none), for templates and the client script. */
  apiBase: string;
  /** URLs of the hashed stylesheet and script. */
  css: string;
  js: string;
  /** The blocking locale-detection script, on the root path `/` only. */
  detectJs?: string;
  /** The menu, localised; pages of a locale whose current link is the same share one object (a key for `shared`). */
  menu: { groups: Array<{ label: string; items: MenuLink[] }>; links: MenuLink[] };
  /** The articles of this locale, newest first. */
  articles: ArticleSummary[];
  canonical: string;
  alternates: Alternate[];
  /** The Atom feed of this locale's news, when the site has articles. */
  feed?: { href: string; title: string };
  /** `code:lang` of every locale, the default first (`zh:zh-CN en:en`), for the root page's detection script. */
  detectLocales: string;
  /** With two locales: the same page in the other one, for the header's single locale link. */
  switchTo?: LanguageLink & { label: string };
  /** With three or more: the header's language list, each locale labelled in its own language. */
  languages?: {
    /** The list's name in this locale (`nav.languages`). */
    label: string;
    /** The current locale's own label, shown on the list's button. */
    current: string;
    items: Array<LanguageLink & { label: string; current: boolean }>;
  };
  /**
   * The site search (docs/search.md): this locale's search page (`/search`, `/en/search`), its index folder
   * (`/pagefind/`, `/en/pagefind/`) and the script that searches, loaded only on that page or when a search
   * box is focused; `others` are the other locales', for the hint that another language has results.
   */
  search: {
    /** False when site.yaml turns search off: no search page, index or header box. */
    enabled: boolean;
    href: string;
    index: string;
    script: string;
    /** The language of the results count's text, whose plural rules choose between its forms. */
    countLang: string;
    others: ReadonlyArray<{ lang: string; label: string; href: string; index: string }>;
  };
  /** Localises a route for this locale and percent-encodes it (`/DROC` -> `/en/DROC`, `/关于` -> `/en/%E5%85%B3%E4%BA%8E`). */
  href(route: string): string;
  /** Prefixes a public/ file path with the CDN when one is configured. */
  asset(path: string): string;
  /** The published files of a raster image of public/ (`/images/company.jpg`), or undefined for any other path. */
  picture(path: string): PictureModel | undefined;
  /**
   * Looks up a UI text id in this locale tree's _strings.yaml, for the page chrome (header, menu, footer,
   * notices). It equals the template's `t` except on a stand-in page, whose `t` reads the content's
   * locale, the language of its `<main>` (docs/writing.md, "Add a page in both locales").
   */
  ui(id: string): string;
  /** The icon each page of this locale names in its front matter (`icon`), by route (templates/parts/icons.ts `iconOf`). */
  pageIcons: ReadonlyMap<string, string>;
  /** The footer's filing numbers (site.yaml `icpFiling`, `publicSecurityFiling`), empty when none is set. */
  filings: ReadonlyArray<{ text: string; href: string; icon?: string }>;
  /** The years of the copyright line: `1997–2026` (site.yaml `founded` to the build's year), or the year alone. */
  copyrightYears: string;
  /**
   * The base path the site is served under when it is not `/` (`/preview/pr-12/`; docs/hosting.md, "Under a
   * sub-path"): on `<html data-base-path>` for the client script. Every URL here already starts with it.
   */
  basePath?: string;
  /** A preview build (docs/hosting.md, "Previews"): every page asks not to be indexed. */
  preview: boolean;
  /**
   * The HTML of a part of the page chrome that many pages of this locale share (the menu, the footer), made
   * by React once per locale and `key` and reused by every page that asks again, so that React renders only
   * what differs from page to page. `key` (compared with `===`) must stand for everything the part shows that
   * is not the same on every page of the locale: `site.menu` for the menu, whose object changes with its
   * current link; the element goes in with `dangerouslySetInnerHTML`.
   */
  shared(key: unknown, part: () => ReactElement): string;
}

/** Props of every page template; `D` as in `PageModel`. */
export interface TemplateProps<D = unknown> {
  page: PageModel<D>;
  site: SiteModel;
  /** The text of a UI text id in this locale: its _strings.yaml, else the built-in text (strings.ts). */
  t(id: UiString): string;
}
