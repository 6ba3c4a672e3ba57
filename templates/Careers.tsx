import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { Intro, PageHero, Sections } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** Careers: why join, the roles, how to apply — all from the body's `##` sections. */
export function Careers(props: TemplateProps): ReactElement {
  return (
    <Layout {...props}>
      <PageHero page={props.page} site={props.site} />
      <Intro page={props.page} />
      <div className="split-sections">
        <Sections sections={props.page.sections} />
      </div>
    </Layout>
  );
}
