/**
 * The template registry: each template's component and the front matter it reads (documented in the
 * README's writer section). The generator validates pages against `fields` and `sections` before rendering.
 */
import type { ReactElement } from 'react';
import type { Fields } from '../cli/core/load/schema.ts';
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
import { Workstation } from './Workstation.tsx';
import { ICON_NAMES } from './parts/icons.ts';
import type { TemplateProps } from './types.ts';

export { UI_STRINGS, UI_TEXT } from './strings.ts';
export { NotFound };
export type { TemplateProps } from './types.ts';

/** A template: its component, the front matter fields it reads, and the `##` sections it expects. */
export interface TemplateSpec {
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

const text = { kind: 'string', required: true } as const;
const route = { kind: 'string', required: true, pattern: /^\//, patternHint: 'a route such as /DROC' } as const;
const records = (fields: Fields, min = 1) => ({ kind: 'list', min, of: { kind: 'record', fields } }) as const;
const highlights = records({ title: text, text });
const productCards = records({ route, name: text, text });
const stats = records({ value: { kind: 'string', required: true }, label: text });
/** The page's icon by name (hero badge, and the cards that link to it); templates with a hero read it. */
const icon = { kind: 'enum', values: ICON_NAMES } as const;
/**
 * A photo of public/ shown large at the top of the page (README, "Images"): `src` a raster image, `alt`
 * what it shows (`""` when decorative; required, checked with the file by cli/core/render/images.ts).
 */
const cover = {
  kind: 'record',
  fields: {
    src: { kind: 'string', required: true, pattern: /^\//, patternHint: 'a path in public/ such as /images/company.jpg' },
    alt: { kind: 'string' },
  },
} as const;

/** Every template by name; `page` is the default. */
export const templates: Record<string, TemplateSpec> = {
  page: { component: Page, fields: { icon } },
  home: {
    component: Home,
    fields: {
      hero: { kind: 'record', required: true, fields: { heading: text, lead: { kind: 'string' } } },
      stats,
      lines: productCards,
      cover,
    },
  },
  console: {
    component: Console,
    fields: { product: text, highlights: { ...highlights, required: true }, icon },
    sections: { names: CONSOLE_GROUPS },
  },
  workstation: { component: Workstation, fields: { product: text, highlights, icon }, sections: { min: 2 } },
  platform: {
    component: Platform,
    fields: { product: text, highlights, modules: records({ title: text, text }), icon },
    sections: { min: 1 },
  },
  family: { component: Family, fields: { products: { ...productCards, required: true }, icon } },
  'news-list': { component: NewsList, fields: { icon } },
  'news-detail': { component: NewsDetail, fields: { icon }, featuresNewest: true },
  article: {
    component: Article,
    fields: { date: { kind: 'date', required: true }, cover },
    article: true,
    imageSizes: '(min-width: 1200px) 45vw, min(100vw, 736px)',
  },
  company: {
    component: Company,
    fields: {
      stats,
      milestones: records({ year: { kind: 'string', required: true }, text }),
      regions: records({ name: text, text }),
      icon,
      cover,
    },
  },
  careers: { component: Careers, fields: { icon }, sections: { min: 1 } },
  contact: { component: Contact, fields: { contacts: records({ label: text, value: text }), icon } },
  legal: { component: Legal, fields: { updated: { kind: 'date', required: true }, icon }, sections: { min: 1 } },
};
