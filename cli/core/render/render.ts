/**
 * Rendering one page: Markdown body to React, the template's props, and `renderToStaticMarkup`
 * (`<!doctype html>` first). Pure given its context, so it can run anywhere (a worker, a watch rebuild).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '../../../shared/constants.ts';
import type { ArticleSummary, LanguageLink, MenuLink, PageModel, SiteModel, SocialMeta, TemplateProps } from '../../../templates/types.ts';
import type { TemplateModule } from '../load/bundle.ts';
import type { Menu, SiteConfig, Strings } from '../load/config.ts';
import { detectionList, langOf, localeCodes, localeOf } from '../common/locales.ts';
import { problem, type Problem } from '../common/errors.ts';
import { absoluteAsset, absoluteUrl, canonicalLocale, collectAlternates } from './head.ts';
import { translator } from '../text/translator.ts';
import type { PlannedPage } from '../load/i18n.ts';
import type { PageSource } from '../load/content.ts';
import type { LinkTargets } from '../common/link-targets.ts';
import { pictureOf, type ImageTable } from '../images/images.ts';
import { renderMarkdown } from './markdown.ts';
import { fillData, placeholdersFor } from '../text/placeholders.ts';
import { copyrightYears, filingLinks } from './footer.ts';
import {
  canonicalRoute,
  decodeSitePath,
  encodeSitePath,
  localisePath,
  routeName,
  SEARCH_INDEX,
  SEARCH_PAGE,
  type SitePage,
} from '../common/routes.ts';
import { assetPrefix, ROOT_BASE_PATH, siteRootUrl, urlOf } from '../common/base-path.ts';
import { breadcrumbList, newsArticle, organization, type JsonLd } from './structured-data.ts';
import type { TermBase } from '../text/terms.ts';

/** Everything site-wide that rendering needs. */
export interface RenderContext {
  config: SiteConfig;
  menu: Menu;
  strings: Strings;
  templates: TemplateModule;
  targets: LinkTargets;
  articles: Record<Locale, ArticleSummary[]>;
  assets: { css: string; js: string; detectJs: string; searchJs: string };
  /** The route each page sits under, per locale (cli/core/plan/parents.ts `collectParents`). */
  parents: Record<Locale, ReadonlyMap<string, string>>;
  /** Page titles (placeholders filled) per locale and route, for breadcrumbs. */
  titles: Record<Locale, ReadonlyMap<string, string>>;
  /** The newest article of each locale, for templates that show it in full (/newsDetail). */
  featured: Record<Locale, PageSource>;
  /** Each locale's Atom feed, when the site has articles. */
  feeds: Record<Locale, { href: string; title: string }>;
  /** The term base (content/_terms.yaml): page text using a variant gets TERM_VARIANT. */
  terms: TermBase;
  /** The icon each page names in its front matter (`icon`), per locale and route; others use icons.ts. */
  icons: Record<Locale, ReadonlyMap<string, string>>;
  /** The build's year (cli/core/load/build-date.ts `buildYear`): plain data, so workers and cache keys see it. */
  year: number;
  /** The raster images of public/ as probed, by site path: pages show them as `<picture>` (cli/core/images/images.ts). */
  images: ImageTable;
  /** The site path of each page's social card, per locale and route; the 404 and search pages' under their routes (cli/core/plan/cards.ts). */
  cards: Record<Locale, ReadonlyMap<string, string>>;
  /** The locale each UI text a locale takes from its fallback chain comes from, by locale and id (cli/core/plan/resolved-strings.ts `resolveStrings`). */
  textFrom?: Record<Locale, Record<string, Locale>>;
}

/** The public files the head and structured data point at (public/images). */
const LOGO = '/images/logo.svg';

/** The result of rendering: HTML, or the problems that stopped it. */
export interface Rendered {
  html: string;
  warnings: Problem[];
  errors: Problem[];
}

/** What pages of one locale share within one render context: the menus by current route, the chrome's HTML by key. */
interface LocaleShare {
  /** The menu's routes, decoded. */
  routes: Set<string>;
  menus: Map<string, SiteModel['menu']>;
  html: Map<unknown, string>;
  /** The locale's articles, hrefs under the base path (`articlesOf`). */
  articles?: ArticleSummary[];
}

/** Per render context (a new one each time the site changes, so nothing here outlives what it was made from). */
const shareCache = new WeakMap<RenderContext, Map<Locale, LocaleShare>>();

function shareOf(ctx: RenderContext, locale: Locale): LocaleShare {
  const byLocale = shareCache.get(ctx) ?? new Map<Locale, LocaleShare>();
  shareCache.set(ctx, byLocale);
  let share = byLocale.get(locale);
  if (!share) {
    share = {
      routes: new Set([...ctx.menu.groups.flatMap((group) => group.items), ...ctx.menu.links].map((item) => decodeSitePath(item.route))),
      menus: new Map(),
      html: new Map(),
    };
    byLocale.set(locale, share);
  }
  return share;
}

/**
 * The header's way to the other languages (docs/locales.md): with two locales one link to the same page in
 * the other one, labelled by the `nav.switchLocale` text; with more, every locale in configured order, each
 * labelled in its own language, the current one marked. Each link leads to the page at the same route in its
 * locale tree, which holds the page or its stand-in.
 */
function languagesOf(
  ctx: RenderContext,
  locale: Locale,
  route: string,
  t: (id: string) => string,
): Pick<SiteModel, 'switchTo' | 'languages'> {
  const { locales } = ctx.config;
  const link = (code: Locale): LanguageLink => ({
    href: urlOf(ctx.config.basePath, encodeSitePath(localisePath(route, code, locales))),
    hreflang: langOf(locales, code),
    lang: langOf(locales, code),
    code,
  });
  if (locales.length === 2) {
    const other = localeCodes(locales).find((l) => l !== locale) ?? locale;
    return { switchTo: { ...link(other), label: t('nav.switchLocale') } };
  }
  return {
    languages: {
      label: t('nav.languages'),
      current: localeOf(locales, locale).label,
      items: locales.map((l) => ({ ...link(l.code), label: l.label, current: l.code === locale })),
    },
  };
}

/**
 * The search of a page in `locale` (docs/search.md): its own locale's search page and index, and every
 * other locale's, for the hint that another language has results.
 */
function searchOf(ctx: RenderContext, locale: Locale): SiteModel['search'] {
  const { locales } = ctx.config;
  const of = (code: Locale): SiteModel['search']['others'][number] => ({
    lang: langOf(locales, code),
    label: localeOf(locales, code).label,
    href: urlOf(ctx.config.basePath, localisePath(SEARCH_PAGE.route, code, locales)),
    index: urlOf(ctx.config.basePath, `${localisePath(SEARCH_INDEX, code, locales)}/`),
  });
  const own = of(locale);
  // The count's plural rules are those of the language its text is in (a stand-in text brings its own).
  const countFrom = ctx.textFrom?.[locale]?.['search.countOther'] ?? locale;
  return {
    enabled: ctx.config.search,
    href: own.href,
    index: own.index,
    countLang: langOf(locales, countFrom),
    script: ctx.assets.searchJs,
    others: localeCodes(locales)
      .filter((code) => code !== locale)
      .map(of),
  };
}

/** The articles of a locale as a page links them: their site paths made URLs, once per render context. */
function articlesOf(ctx: RenderContext, locale: Locale): ArticleSummary[] {
  const share = shareOf(ctx, locale);
  share.articles ??= (ctx.articles[locale] ?? []).map((a) => ({ ...a, href: urlOf(ctx.config.basePath, a.href) }));
  return share.articles;
}

/**
 * The site-wide props for a page at `route` (undefined for the 404 page) in `locale`. `ownLocales` are the
 * locales with their own file for the route: a stand-in's canonical and alternates name those pages only.
 */
function siteModel(
  ctx: RenderContext,
  locale: Locale,
  route: string | undefined,
  canonicalRoute: string,
  canonical: { own: readonly Locale[]; locale: Locale },
): SiteModel {
  const t = translator(ctx.strings, locale);
  // Routes as written in menu.yaml, front matter or a template, encoded or not, become URLs encoded once.
  const { locales, basePath } = ctx.config;
  const href = (r: string): string => urlOf(basePath, encodeSitePath(localisePath(decodeSitePath(r), locale, locales)));
  const share = shareOf(ctx, locale);
  const link = (item: { route: string; label: string }): MenuLink => ({
    href: href(item.route),
    label: t(item.label),
    current: decodeSitePath(item.route) === route,
  });
  // The menu differs between pages only by its current link: one per menu route, one for every other page.
  const menuKey = route !== undefined && share.routes.has(route) ? route : '';
  let menu = share.menus.get(menuKey);
  if (!menu) {
    menu = {
      groups: ctx.menu.groups.map((group) => ({ label: t(group.label), items: group.items.map(link) })),
      links: ctx.menu.links.map(link),
    };
    share.menus.set(menuKey, menu);
  }
  const cdn = assetPrefix(basePath, ctx.config.cdn);
  const root = siteRootUrl(ctx.config.baseUrl, basePath);
  const feed = ctx.feeds[locale];
  return {
    company: ctx.config.company[locale] ?? '',
    phone: ctx.config.phone,
    email: ctx.config.email,
    baseUrl: ctx.config.baseUrl,
    apiBase: ctx.config.apiBase,
    css: ctx.assets.css,
    js: ctx.assets.js,
    // Only the bare root detects the reader's locale (docs/architecture.md, "Client script").
    detectJs: localisePath(route ?? '', locale, locales) === '/' ? ctx.assets.detectJs : undefined,
    detectLocales: detectionList(locales),
    menu,
    articles: articlesOf(ctx, locale),
    canonical: absoluteUrl(root, canonicalRoute, canonical.locale, locales),
    alternates: collectAlternates(root, canonicalRoute, canonical.own, locales),
    feed: feed && { ...feed, href: urlOf(basePath, feed.href) },
    ...languagesOf(ctx, locale, route ?? '/', t),
    search: searchOf(ctx, locale),
    href,
    asset: (path: string) => `${cdn}${path}`,
    picture: (path: string) => {
      const info = ctx.images[path];
      return info && !('error' in info) ? pictureOf(path, info, cdn) : undefined;
    },
    ui: t,
    pageIcons: ctx.icons[locale] ?? new Map(),
    filings: filingLinks(ctx.config, (path) => {
      const info = ctx.images[path];
      return info && !('error' in info) ? pictureOf(path, info, cdn).src : `${cdn}${path}`;
    }),
    copyrightYears: copyrightYears(ctx.config.founded, ctx.year),
    ...(basePath === ROOT_BASE_PATH ? {} : { basePath }),
    preview: ctx.config.preview,
    shared: (key, part) => {
      const html = share.html.get(key) ?? renderToStaticMarkup(part());
      share.html.set(key, html);
      return html;
    },
  };
}

/**
 * Open Graph / Twitter facts of the page at `route` in `locale`: its `og:locale` is its canonical page's,
 * its image the page's social card (cli/core/plan/cards.ts).
 */
function socialOf(
  ctx: RenderContext,
  locale: Locale,
  route: string,
  canonical: { own: readonly Locale[]; locale: Locale },
  published?: string,
): SocialMeta {
  const { locales } = ctx.config;
  const card = ctx.cards[locale]?.get(route);
  if (!card) throw new Error(`No social card was planned for ${route} (${locale}).`);
  return {
    type: published ? 'article' : 'website',
    image: absoluteAsset(ctx.config.baseUrl, assetPrefix(ctx.config.basePath, ctx.config.cdn), encodeSitePath(card)),
    locale: localeOf(locales, canonical.locale).ogLocale,
    alternateLocales: canonical.own.filter((l) => l !== canonical.locale).map((l) => localeOf(locales, l).ogLocale),
    ...(published ? { published } : {}),
  };
}

/** The JSON-LD of a page: Organization on the home pages, NewsArticle on articles, BreadcrumbList under a parent. */
function structuredDataOf(ctx: RenderContext, page: PlannedPage<PageSource>, canonicalRoute: string, model: PageModel): JsonLd[] {
  const { config } = ctx;
  const { locale } = page;
  const { locales } = config;
  const company = config.company[locale] ?? '';
  const root = siteRootUrl(config.baseUrl, config.basePath);
  const home = absoluteUrl(root, '/', locale, locales);
  const logo = absoluteAsset(config.baseUrl, assetPrefix(config.basePath, config.cdn), LOGO);
  const url = absoluteUrl(root, canonicalRoute, locale, locales);
  const canonical = absoluteUrl(root, canonicalRoute, canonicalLocale(page), locales);
  const data: JsonLd[] = [];
  if (canonicalRoute === '/') {
    const alternateNames = localeCodes(locales)
      .filter((l) => l !== locale)
      .map((l) => config.company[l] ?? '')
      .filter((name, i, all) => name !== company && all.indexOf(name) === i);
    data.push(
      organization({
        name: company,
        alternateNames,
        url: home,
        logo,
        founded: config.founded,
        telephone: config.phone,
        email: config.email,
      }),
    );
  }
  if (model.social.published) {
    data.push(
      newsArticle({
        headline: model.title,
        description: model.description,
        date: model.social.published,
        url: canonical,
        image: model.social.image,
        inLanguage: model.contentLang,
        publisher: { name: company, url: home, logo },
      }),
    );
  }
  const parent = ctx.parents[locale]?.get(page.route);
  if (parent) {
    const titleOf = (route: string): string => ctx.titles[locale]?.get(route) ?? route;
    data.push(
      breadcrumbList([
        { name: company, url: home },
        { name: titleOf(parent), url: absoluteUrl(root, parent, locale, locales) },
        { name: model.title, url },
      ]),
    );
  }
  return data;
}

/**
 * Renders a planned page. `route` may differ from the page's own route for an alias (`/home` renders the
 * home page); `canonicalRoute` is the route search engines should index. Front matter routes are checked
 * separately (cli/core/plan/internal-links.ts `checkDataRoutes`), where the YAML positions are at hand.
 */
export function renderPage(page: PlannedPage<PageSource>, ctx: RenderContext, route = page.route): Rendered {
  const warnings: Problem[] = [];
  const errors: Problem[] = [];
  const { source, locale } = page;
  const spec = ctx.templates.templates[source.template];
  if (!spec)
    return {
      html: '',
      warnings,
      // Listed as the load step lists them: the hint says to use one of the templates listed.
      errors: [
        problem(
          'TEMPLATE_UNKNOWN',
          `The template "${source.template}" does not exist. Known templates: ${Object.keys(ctx.templates.templates).join(', ')}.`,
          { file: source.file },
        ),
      ],
    };
  // A stand-in is in its source's language (`<main lang>`), so `{company}` is filled in that language too.
  const placeholders = placeholdersFor(ctx.config, source.locale);
  const { locales } = ctx.config;
  const path = localisePath(route, locale, locales);
  const markdown = (from: PageSource) =>
    renderMarkdown(from.body, {
      file: from.file,
      bodyLine: from.bodyLine,
      locale,
      language: from.locale,
      path,
      targets: ctx.targets,
      placeholders,
      cdn: assetPrefix(ctx.config.basePath, ctx.config.cdn),
      basePath: ctx.config.basePath,
      terms: ctx.terms,
      images: ctx.images,
      imageSizes: spec.imageSizes,
      warnings,
      errors,
    });
  const body = markdown(source);
  const newest = spec.featuresNewest ? ctx.featured[locale] : undefined;
  const featured = newest ? markdown(newest).body : undefined;

  const names = spec.sections?.names;
  // Read only for a template that needs sections: reading them makes their React elements.
  const found = spec.sections ? body.sections.length : 0;
  if (names && found !== names.length) {
    errors.push(
      problem(
        'TEMPLATE_CONTENT',
        `The "${source.template}" template needs ${names.length} \`##\` sections in this order: ${names.join(', ')}; found ${found}.`,
        { file: source.file, line: source.bodyLine },
      ),
    );
  } else if (spec.sections?.min !== undefined && found < spec.sections.min) {
    errors.push(
      problem(
        'TEMPLATE_CONTENT',
        `The "${source.template}" template needs at least ${spec.sections.min} \`##\` section(s); found ${found}.`,
        { file: source.file, line: source.bodyLine },
      ),
    );
  }
  if (errors.length) return { html: '', warnings, errors };

  const data = fillData(source.data, placeholders);
  const description = typeof data.description === 'string' ? data.description : '';
  if (!description && !page.fallback)
    warnings.push(problem('DESCRIPTION_MISSING', `${source.file} has no description.`, { file: source.file, line: 1 }));
  const keywords = typeof data.keywords === 'string' ? data.keywords.trim() : '';
  if (!keywords && !page.fallback)
    warnings.push(
      problem('KEYWORDS_MISSING', `${source.file} has no keywords; its keywords meta tag is empty.`, { file: source.file, line: 1 }),
    );
  const summary = typeof data.summary === 'string' ? data.summary : '';
  // What search engines are told: the locales with their own page, and the one this page's canonical is in.
  const seen = { own: page.ownLocales, locale: canonicalLocale(page) };
  const model: PageModel = {
    route,
    path: urlOf(ctx.config.basePath, encodeSitePath(path)),
    locale,
    lang: langOf(locales, locale),
    contentLang: langOf(locales, source.locale),
    routeName: routeName(route, locale),
    template: source.template,
    title: String(data.title),
    description: description || summary || (ctx.config.company[source.locale] ?? ''),
    keywords: typeof data.keywords === 'string' ? data.keywords : '',
    summary,
    data,
    // Getters, not a spread: the body's React elements are made only when the template reads them.
    get body() {
      return body.body;
    },
    get intro() {
      return body.intro;
    },
    get sections() {
      return body.sections;
    },
    ...(featured ? { featured } : {}),
    ...(page.outdated ? { outdated: { ...page.outdated, href: urlOf(ctx.config.basePath, page.outdated.href) } } : {}),
    social: socialOf(ctx, locale, page.route, seen, spec.article && typeof data.date === 'string' ? data.date : undefined),
    structuredData: [],
  };
  const canonical = canonicalRoute(route);
  model.structuredData = structuredDataOf(ctx, page, canonical, model);
  const props: TemplateProps = {
    page: model,
    site: siteModel(ctx, locale, route, canonical, seen),
    t: translator(ctx.strings, source.locale),
  };
  return { html: `<!doctype html>${renderToStaticMarkup(createElement(spec.component, props))}`, warnings, errors };
}

/**
 * Renders a page the build writes itself in `locale` (cli/core/common/routes.ts `SITE_PAGES`): the 404 page
 * (docs/hosting.md, "Output") or the search page (docs/search.md), from its template and UI texts alone.
 */
export function renderSitePage(sitePage: SitePage, locale: Locale, ctx: RenderContext): string {
  const t = translator(ctx.strings, locale);
  const empty = createElement('span');
  const { locales } = ctx.config;
  const all = { own: localeCodes(locales), locale };
  const model: PageModel = {
    route: sitePage.route,
    path: urlOf(ctx.config.basePath, localisePath(sitePage.route, locale, locales)),
    locale,
    lang: langOf(locales, locale),
    contentLang: langOf(locales, locale),
    routeName: routeName(sitePage.route, locale),
    template: sitePage.template,
    title: t(sitePage.title),
    description: t(sitePage.description),
    keywords: '',
    summary: '',
    data: {},
    body: empty,
    intro: null,
    sections: [],
    social: socialOf(ctx, locale, sitePage.route, all),
    structuredData: [],
  };
  // The 404 page stands for no route of its own: its locale switch and canonical lead to the home page.
  const notFound = sitePage.template === '404';
  const site = siteModel(ctx, locale, notFound ? undefined : sitePage.route, notFound ? '/' : sitePage.route, all);
  const props: TemplateProps = { page: model, site, t };
  const component = { '404': ctx.templates.NotFound, search: ctx.templates.Search }[sitePage.template];
  return `<!doctype html>${renderToStaticMarkup(createElement(component, props))}`;
}
