import type { ReactElement } from 'react';
import { CardGrid } from './parts/blocks.tsx';
import type { PlatformData } from './fields.ts';
import type { TemplateProps } from './types.ts';
import { ProductPage } from './Workstation.tsx';

/** A platform (DIOS, TOMS): a product page with its modules after the highlights. */
export function Platform(props: TemplateProps<PlatformData>): ReactElement {
  const { page, site, t } = props;
  return (
    <ProductPage
      {...props}
      extra={<CardGrid items={page.data.modules ?? []} heading={t('section.modules')} id="modules" site={site} icon="module" />}
    />
  );
}
