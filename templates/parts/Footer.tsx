import type { ReactElement } from 'react';
import type { TemplateProps } from '../types.ts';

/**
 * The site footer: the mark and what the company does, every menu link again (so every page is reachable
 * without the dropdown), the legal links and the filing numbers a site hosted in mainland China shows
 * (site.yaml `icpFiling`, `publicSecurityFiling`; docs/copy-and-filing.md). The copyright runs from site.yaml's `founded` to the build's
 * year (`site.copyrightYears`), never a clock read here, so a given input renders the same bytes.
 */
export function Footer({ site, t }: Pick<TemplateProps, 'site' | 't'>): ReactElement {
  // The same on every page of a locale: made once per locale.
  return (
    <footer
      className="site-footer"
      dangerouslySetInnerHTML={{ __html: site.shared('footer', () => <FooterContent site={site} t={t} />) }}
    />
  );
}

/** What the footer holds: the company, the menu's links, the copyright and legal links. */
function FooterContent({ site, t }: Pick<TemplateProps, 'site' | 't'>): ReactElement {
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <img src={site.asset('/images/logo.svg')} alt="" width="36" height="36" loading="lazy" decoding="async" />
            <span>E-COM</span>
          </p>
          <p className="footer-company">{site.company}</p>
          <p>{t('footer.about')}</p>
        </div>
        <nav className="footer-nav" aria-label={t('a11y.footerNav')}>
          {site.menu.groups.map((group) => (
            <div className="footer-col" key={group.label}>
              <p className="footer-title">{group.label}</p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.href}>
                    <a href={item.href}>{item.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="footer-col">
            <p className="footer-title">{t('footer.company')}</p>
            <ul>
              {site.menu.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {site.copyrightYears} {site.company} · {t('footer.rights')}
        </p>
        <ul className="footer-legal">
          <li>
            <a href={site.href('/law')}>{t('footer.law')}</a>
          </li>
          <li>
            <a href={site.href('/privacy')}>{t('footer.privacy')}</a>
          </li>
        </ul>
        {site.filings.length ? (
          <ul className="footer-filing">
            {site.filings.map((filing) => (
              <li key={filing.href}>
                <a href={filing.href} rel="noreferrer">
                  {filing.icon ? <img src={filing.icon} alt="" width="16" height="16" loading="lazy" decoding="async" /> : null}
                  {filing.text}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
