/**
 * The front matter each template reads (documented in docs/templates.md), declared once: the
 * generator validates pages against these declarations (cli/core/load/content.ts), and the templates' props
 * are typed from the same objects (`InferFields`, templates/schema.ts). `as const satisfies` keeps their
 * literal kinds, which the types are read from.
 */
import type { Field, Fields, Infer, InferFields } from './schema.ts';
import { ICON_NAMES } from './parts/icons.ts';

const text = { kind: 'string', required: true } as const satisfies Field;
const route = { kind: 'string', required: true, pattern: /^\//, patternHint: 'a route such as /DROC' } as const satisfies Field;
const date = { kind: 'date', required: true } as const satisfies Field;

/** A list of at least `min` records with these fields (cards, facts, milestones). */
function records<R extends Fields>(fields: R, min = 1) {
  return { kind: 'list', min, of: { kind: 'record', fields } } as const satisfies Field;
}

/** Titled cards (a product's highlights, a platform's modules). */
export const highlights = records({ title: text, text });
/** Cards that link to a product page, with its icon (home, family). */
export const productCards = records({ route, name: text, text });
/** Company facts: a figure and what it counts (home, company). */
export const stats = records({ value: text, label: text });
/** The full product name under a product page's heading. */
export const product = text;
/** The page's icon by name (hero badge, and the cards that link to it); templates with a hero read it. */
export const icon = { kind: 'enum', values: ICON_NAMES } as const satisfies Field;
/**
 * A photo of public/ shown large at the top of the page (docs/writing.md, "Images"): `src` a raster image, `alt`
 * what it shows (`""` when decorative; required, checked with the file by cli/core/images/images.ts).
 */
export const cover = {
  kind: 'record',
  fields: {
    src: { kind: 'string', required: true, pattern: /^\//, patternHint: 'a path in public/ such as /images/company.jpg' },
    alt: { kind: 'string' },
  },
} as const satisfies Field;

/** The kinds of product a page's call to action can speak to (templates/parts/blocks.tsx, `ContactCta`). */
export const CTA_KINDS = ['general', 'device', 'factory', 'viewer'] as const;
/** A kind of call to action. */
export type CtaKind = (typeof CTA_KINDS)[number];
/**
 * The closing call to action a product page asks for (docs/copy-and-filing.md): `device` for software that
 * goes into a maker's equipment (the default of console, workstation and platform pages), `factory` for the
 * manufacturing platform, `viewer` for the web viewer, `general` (the default of product-line pages).
 */
export const cta = { kind: 'enum', values: CTA_KINDS } as const satisfies Field;

/** The fields of each template, by template. */
export const pageFields = { icon } as const satisfies Fields;
export const homeFields = {
  hero: { kind: 'record', required: true, fields: { heading: text, lead: { kind: 'string' } } },
  stats,
  lines: productCards,
  cover,
} as const satisfies Fields;
export const consoleFields = { product, highlights: { ...highlights, required: true }, icon, cta } as const satisfies Fields;
export const workstationFields = { product, highlights, icon, cta } as const satisfies Fields;
export const platformFields = { product, highlights, modules: records({ title: text, text }), icon, cta } as const satisfies Fields;
export const familyFields = { products: { ...productCards, required: true }, icon, cta } as const satisfies Fields;
export const newsListFields = { icon } as const satisfies Fields;
export const newsDetailFields = { icon } as const satisfies Fields;
// An article's date may instead come from site.yaml `newsDates` (a stand-in the source does not state).
export const articleFields = { date: { kind: 'date' }, cover } as const satisfies Fields;
export const companyFields = {
  stats,
  milestones: records({ year: text, text }),
  regions: records({ name: text, text }),
  icon,
  cover,
} as const satisfies Fields;
export const careersFields = { icon } as const satisfies Fields;
export const contactFields = { contacts: records({ label: text, value: text }), icon } as const satisfies Fields;
export const legalFields = { updated: date, icon } as const satisfies Fields;

/** The front matter of a page of each template, as its component receives it. */
export type HomeData = InferFields<typeof homeFields>;
export type ConsoleData = InferFields<typeof consoleFields>;
export type WorkstationData = InferFields<typeof workstationFields>;
export type PlatformData = InferFields<typeof platformFields>;
export type FamilyData = InferFields<typeof familyFields>;
export type ArticleData = InferFields<typeof articleFields>;
export type CompanyData = InferFields<typeof companyFields>;
export type ContactData = InferFields<typeof contactFields>;
export type LegalData = InferFields<typeof legalFields>;

/** A page's cover, as the templates that read one receive it. */
export type Cover = Infer<typeof cover>;
/** The company facts, where read (an absent list is shown as none). */
export type StatList = NonNullable<Infer<typeof stats>>;
