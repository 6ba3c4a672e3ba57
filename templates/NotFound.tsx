import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { Icon } from './parts/blocks.tsx';
import { iconPath } from './parts/icons.ts';
import type { TemplateProps } from './types.ts';

/**
 * The 404 page (docs/architecture.md, "Error state"): 'This page could not be found' and a link back to the home page,
 * with the first product page and the menu's plain links as other ways on.
 */
export function NotFound(props: TemplateProps): ReactElement {
  const { site, t } = props;
  const ways = [site.menu.groups[0]?.items[0], ...site.menu.links].filter((link) => link !== undefined);
  return (
    <Layout {...props}>
      <div className="band error-page" data-error="404">
        <div className="container">
          <div className="prose">
            <Icon src={iconPath('compass')} site={site} className="error-icon" />
            <p className="error-code">404</p>
            <h1>{t('error.notFound')}</h1>
            <p className="lead">{t('error.notFoundLead')}</p>
            <p>
              <a className="button" href={site.href('/')}>
                {t('error.backHome')}
              </a>
            </p>
            {ways.length ? (
              <nav className="error-links" aria-label={t('error.otherWays')}>
                <ul>
                  {ways.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </div>
        </div>
      </div>
    </Layout>
  );
}
