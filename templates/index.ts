/**
 * The template registry: each template's component and the front matter it reads (declared in
 * templates/fields.ts, documented in docs/templates.md). The generator validates pages against
 * `fields` and `sections` before rendering.
 */
import { createElement, type ReactElement } from 'react';
import { hasFields, type Fields, type InferFields } from './schema.ts';
import { Article } from './Article.tsx';
import { Careers } from './Careers.tsx';
import { Company } from './Company.tsx';
import { Console, CONSOLE_GROUPS } from './Console.tsx';
import { Contact } from './Contact.tsx';
import { Family } from './Family.tsx';
import { Home } from './Home.tsx';
import { Legal } from './Legal.tsx';
import { NewsDetail } from './NewsDetail.tsx';
import { NewsList } from './NewsList.tsx';
import { NotFound } from './NotFound.tsx';
import { Page } from './Page.tsx';
import { Platform } from './Platform.tsx';
import { Search } from './Search.tsx';
import { Workstation } from './Workstation.tsx';
import {
  articleFields,
  careersFields,
  companyFields,
  consoleFields,
  contactFields,
  familyFields,
  homeFields,
  legalFields,
  newsDetailFields,
  newsListFields,
  pageFields,
  platformFields,
  workstationFields,
} from './fields.ts';
import type { TemplateProps } from './types.ts';

export { UI_STRINGS, UI_TEXT } from './strings.ts';
export { NotFound, Search };
export type { TemplateProps } from './types.ts';

/** A template: its component, the front matter fields it reads, and the `##` sections it expects. */
export interface TemplateSpec {
  /** Takes any page: the front matter is checked against `fields` before the template reads it (`defineTemplate`). */
  component: (props: TemplateProps) => ReactElement;
  fields?: Fields;
  /** Number of `##` sections required: exact names in order (console), or a minimum. */
  sections?: { names?: readonly string[]; min?: number };
  /** Pages of this template are news articles (listed on /news, the home page and /newsDetail). */
  article?: boolean;
  /** Pages of this template show the newest article's full text (`page.featured`). */
  featuresNewest?: boolean;
  /** The `sizes` of the photos in the body, from the layout (default: the prose column, cli/core/render/markdown.ts). */
  imageSizes?: string;
}

/**
 * A template whose component reads its front matter typed from its own `fields`. The generator looks a
 * page's template up by name, so the registry holds components of any page; here the page's front matter,
 * validated against the same `fields` when it was loaded, is checked to have their type (`hasFields`) before
 * the component gets it: the type is proven, never cast.
 */
/** True when the page's front matter has the type of `fields` (`hasFields`), which types the props. */
function readsFields<R extends Fields>(props: TemplateProps, fields: R): props is TemplateProps<InferFields<R>> {
  return hasFields(props.page.data, fields);
}

function defineTemplate<R extends Fields>(
  spec: Omit<TemplateSpec, 'component' | 'fields'> & { component: (props: TemplateProps<InferFields<R>>) => ReactElement; fields: R },
): TemplateSpec {
  const { component, fields } = spec;
  return {
    ...spec,
    component: (props) => {
      if (!readsFields(props, fields))
        throw new Error(
          `The front matter of ${props.page.route} does not have the fields of its template, which it was validated against.`,
        );
      // The props themselves, not a copy: the page's body is made when the template reads it (render.ts).
      return createElement(component, props);
    },
  };
}

/** Every template by name; `page` is the default. */
export const templates: Record<string, TemplateSpec> = {
  page: defineTemplate({ component: Page, fields: pageFields }),
  home: defineTemplate({ component: Home, fields: homeFields }),
  console: defineTemplate({ component: Console, fields: consoleFields, sections: { names: CONSOLE_GROUPS } }),
  workstation: defineTemplate({ component: Workstation, fields: workstationFields, sections: { min: 2 } }),
  platform: defineTemplate({ component: Platform, fields: platformFields, sections: { min: 1 } }),
  family: defineTemplate({ component: Family, fields: familyFields }),
  'news-list': defineTemplate({ component: NewsList, fields: newsListFields }),
  'news-detail': defineTemplate({ component: NewsDetail, fields: newsDetailFields, featuresNewest: true }),
  article: defineTemplate({
    component: Article,
    fields: articleFields,
    article: true,
    imageSizes: '(min-width: 1200px) 45vw, min(100vw, 736px)',
  }),
  company: defineTemplate({ component: Company, fields: companyFields }),
  careers: defineTemplate({ component: Careers, fields: careersFields, sections: { min: 1 } }),
  contact: defineTemplate({ component: Contact, fields: contactFields }),
  legal: defineTemplate({ component: Legal, fields: legalFields, sections: { min: 1 } }),
};
