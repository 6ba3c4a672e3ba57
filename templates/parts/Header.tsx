import type { ReactElement } from 'react';
import type { TemplateProps } from '../types.ts';

/**
 * The site header: the E-COM mark, the product dropdown (a `<button aria-expanded aria-controls>`; CSS
 * opens it on hover and focus-within so it works before and without the script), the plain links and the
 * search box and the locale switch. On a phone the bar wraps: mark and locale switch above, the menu row below, with the
 * button's short label; the dropdown then spans the width of the screen.
 */
export function Header({ site, t, searchBox }: Pick<TemplateProps, 'site' | 't'> & { searchBox: boolean }): ReactElement {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={site.href('/')}>
          {/* Low priority: a small logo, and React preloads no image that is (only a page's main photo is; docs/writing.md, "Images"). */}
          <img src={site.asset('/images/logo.svg')} alt="" width="40" height="40" fetchPriority="low" />
          <span className="brand-text">
            <span className="brand-mark">E-COM</span>
            <span className="brand-company">{site.company}</span>
          </span>
          <span className="visually-hidden">{` – ${t('a11y.home')}`}</span>
        </a>
        {/* The menu is the same on every page but for the current page's link: made once per `site.menu` object */}
        <nav
          className="main-nav"
          aria-label={t('a11y.mainNav')}
          dangerouslySetInnerHTML={{ __html: site.shared(site.menu, () => <NavList site={site} t={t} />) }}
        />
        {searchBox ? <SearchBox site={site} t={t} /> : null}
        {site.switchTo ? (
          <a
            className="locale-switch"
            href={site.switchTo.href}
            {...{ hreflang: site.switchTo.hreflang }}
            lang={site.switchTo.lang}
            data-locale-switch={site.switchTo.code}
          >
            {site.switchTo.label}
          </a>
        ) : null}
        {site.languages ? <LanguageList languages={site.languages} /> : null}
      </div>
    </header>
  );
}

/**
 * The language list of a site with three or more locales: a disclosure button naming the current language
 * and a list of links to the same page in every locale, each labelled in its own language (`lang`,
 * `hreflang`). It is a `[data-menu]` like the product dropdown, so the stylesheet opens it on hover and
 * focus, and client/menu.ts adds the toggle, Escape and the arrow keys.
 */
function LanguageList({ languages }: { languages: NonNullable<TemplateProps['site']['languages']> }): ReactElement {
  return (
    <div className="language-menu" data-menu="">
      <button type="button" className="locale-switch" aria-expanded="false" aria-controls="menu-languages">
        <span className="visually-hidden">{`${languages.label}: `}</span>
        {languages.current}
      </button>
      {/* Unnamed, as the product menu's panel is: the button before it says what it holds, and a list is not meant to carry a name (html-validate `aria-label-misuse`). */}
      <ul className="language-list" id="menu-languages">
        {languages.items.map((item) => (
          <li key={item.code}>
            <a
              href={item.href}
              {...{ hreflang: item.hreflang }}
              lang={item.lang}
              data-locale-switch={item.code}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The main menu's list: the product dropdown (its button and panel) and the plain links. */
function NavList({ site, t }: Pick<TemplateProps, 'site' | 't'>): ReactElement {
  return (
    <ul className="nav-list">
      <li className="nav-item has-menu" data-menu="">
        <button type="button" className="nav-button" aria-expanded="false" aria-controls="menu-products">
          <span className="label-long">{t('nav.products')}</span>
          <span className="label-short" aria-hidden="true">
            {t('nav.productsShort')}
          </span>
        </button>
        <div className="mega-menu" id="menu-products">
          {site.menu.groups.map((group) => (
            <div className="menu-group" key={group.label}>
              <p className="menu-group-title">{group.label}</p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={item.current ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </li>
      {site.menu.links.map((link) => (
        <li className="nav-item" key={link.href}>
          <a className="nav-link" href={link.href} aria-current={link.current ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's search box: a plain GET form to this locale's search page, so it works as a link without
 * the script (the page reads `?q=`). Focusing it loads the search script ahead of the page that runs it
 * (client/search/box.ts). On a phone only its button shows, which opens the search page.
 */
function SearchBox({ site, t }: Pick<TemplateProps, 'site' | 't'>): ReactElement {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: browsers the client targets (Chrome < 118, Safari < 17) map <search> to no landmark
    <search className="site-search" role="search">
      <form className="site-search-form" action={site.search.href} method="get" data-search-box={site.search.script}>
        <label className="visually-hidden" htmlFor="site-search-q">
          {t('search.label')}
        </label>
        <input type="search" id="site-search-q" name="q" placeholder={t('search.title')} autoComplete="off" enterKeyHint="search" />
        <button type="submit" className="site-search-button">
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </form>
    </search>
  );
}
