/** Building blocks shared by the page templates. */
import type { ReactElement, ReactNode } from 'react';
import type { Infer } from '../schema.ts';
import type { CtaKind, product as productField } from '../fields.ts';
import type { UiString } from '../strings.ts';
import type { Section, SiteModel, TemplateProps } from '../types.ts';
import { iconOf, iconPath } from './icons.ts';

/**
 * A card: what the card lists of templates/fields.ts have in common, so that an item of any of them is
 * one: `{title, text}` (highlights, modules), `{name, text}` (regions), a linked `{route, name, text}`.
 */
export interface Item {
  readonly title?: string | number;
  readonly name?: string | number;
  readonly route?: string;
  readonly text: string | number;
}

/**
 * The column class for a grid of `count` cards on wide screens, chosen so that the last row is not a lone
 * card: 3 and 6 in threes, 4 and 8 in fours, 5 as three and two, 7 as four and three.
 */
export function columnsFor(count: number): string {
  if (count <= 2) return 'cols-2';
  if (count === 4 || count === 7 || count === 8) return 'cols-4';
  return 'cols-3';
}

/**
 * A decorative icon of public/images/icons (its meaning is always in the text beside it, hence alt="").
 * Lazy: React adds a `<link rel="preload">` for every eager `<img>`, and only a page's main photo may
 * have one (docs/writing.md, "Images").
 */
export function Icon({ src, site, className = 'icon' }: { src: string; site: SiteModel; className?: string }): ReactElement {
  return <img className={className} src={site.asset(src)} alt="" width="48" height="48" loading="lazy" decoding="async" />;
}

/** The label of the menu group the current page belongs to (the product line), if any. */
export function groupOf(site: SiteModel): string | undefined {
  return site.menu.groups.find((group) => group.items.some((item) => item.current))?.label;
}

/**
 * The page's heading block: the one h1, the product's full name (front matter `product`, on product pages)
 * and the summary, on the dark hero band, with the page's icon beside it. `eyebrow` defaults to the
 * product line from the menu.
 */
export function PageHero({
  page,
  site,
  product,
  eyebrow,
  children,
}: Pick<TemplateProps, 'page' | 'site'> & {
  product?: Infer<typeof productField>;
  eyebrow?: ReactNode;
  children?: ReactNode;
}): ReactElement {
  // YAML reads a name such as `product: 3000` as a number; it is shown as written all the same.
  const name = product === undefined ? '' : String(product);
  const kicker = eyebrow ?? groupOf(site);
  const icon = iconOf(page.route, site.pageIcons);
  return (
    <div className="page-hero">
      <div className="container hero-inner">
        <div className="hero-text">
          {kicker ? <p className="eyebrow">{kicker}</p> : null}
          <h1>{page.title}</h1>
          {name && name !== page.title ? <p className="product-name">{name}</p> : null}
          {page.summary ? <p className="lead">{page.summary}</p> : null}
          {children}
        </div>
        {icon ? (
          <div className="hero-badge">
            <Icon src={icon} site={site} className="hero-icon" />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The heading of a band: an h2 with an anchor id, and an optional lead line under it. */
export function BandHeading({ id, title, lead }: { id: string; title: string; lead?: string }): ReactElement {
  return (
    <div className="band-heading">
      <h2 id={id}>{title}</h2>
      {lead ? <p className="band-lead">{lead}</p> : null}
    </div>
  );
}

/**
 * A grid of titled cards under an h2. Linked cards (`route`) carry the route's icon and a link on the
 * title; `numbered` cards (highlights) carry their position instead.
 */
export function CardGrid({
  items,
  heading,
  id,
  site,
  numbered = false,
  icon,
  muted = false,
}: {
  items: readonly Item[];
  heading: string;
  id: string;
  site: SiteModel;
  numbered?: boolean;
  /** An icon for every card that has no route icon (e.g. the regions' pin). */
  icon?: string;
  muted?: boolean;
}): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <section className={`band${muted ? ' muted-band' : ''}`} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <BandHeading id={`${id}-title`} title={heading} />
        <ul className={`cards ${columnsFor(items.length)}${numbered ? ' cards-numbered' : ''}`}>
          {items.map((item, i) => {
            const title = item.title ?? item.name ?? '';
            const src = item.route ? iconOf(item.route, site.pageIcons) : icon ? iconPath(icon) : undefined;
            return (
              <li className={`card${item.route ? ' card-link' : ''}`} key={`${i}-${title}`}>
                {numbered ? (
                  <span className="card-number" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                ) : null}
                {src && !numbered ? <Icon src={src} site={site} className="card-icon" /> : null}
                <h3>{item.route ? <a href={site.href(item.route)}>{title}</a> : title}</h3>
                <p>{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/**
 * The `##` sections of the body, each in its own band; `ids` names them for anchors and tests
 * (`data-group`), `icons` gives a section an icon by its id.
 */
export function Sections({
  sections,
  ids,
  className,
  icons,
  site,
}: {
  sections: Section[];
  ids?: readonly string[];
  className?: string;
  icons?: Readonly<Record<string, string>>;
  site?: SiteModel;
}): ReactElement {
  return (
    <>
      {sections.map((section, i) => {
        const id = ids?.[i] ?? `section-${i + 1}`;
        const icon = icons?.[id];
        return (
          <section
            className={`band prose-band ${className ?? ''}`.trim()}
            id={id}
            data-group={ids?.[i]}
            key={id}
            aria-labelledby={`${id}-title`}
          >
            <div className="container">
              <div className="prose">
                {icon && site ? <Icon src={iconPath(icon)} site={site} className="section-icon" /> : null}
                <h2 id={`${id}-title`}>{section.heading}</h2>
                {section.body}
              </div>
            </div>
          </section>
        );
      })}
    </>
  );
}

/** The part of the body before the first `##`. */
export function Intro({ page }: Pick<TemplateProps, 'page'>): ReactElement | null {
  if (!page.intro) return null;
  return (
    <div className="band intro-band">
      <div className="container">
        <div className="prose">{page.intro}</div>
      </div>
    </div>
  );
}

/**
 * The texts of each call to action, by the kind of product a page presents (front matter `cta`,
 * templates/fields.ts): the general one (home, company, product-line pages), equipment software that goes
 * into a maker's devices (a demonstration or an integration talk), the factory platform (a demonstration
 * or a project talk about the customer's production) and the web viewer (an online demonstration).
 */
const CTA_TEXT = {
  general: { title: 'cta.title', text: 'cta.text', button: 'cta.button' },
  device: { title: 'cta.product.title', text: 'cta.product.text', button: 'cta.product.button' },
  factory: { title: 'cta.factory.title', text: 'cta.factory.text', button: 'cta.factory.button' },
  viewer: { title: 'cta.viewer.title', text: 'cta.viewer.text', button: 'cta.viewer.button' },
} as const satisfies Record<CtaKind, Record<'title' | 'text' | 'button', UiString>>;

/**
 * The closing call to action of product and company pages: talk to us, with a link to the contact page, in
 * the words that fit what the page presents (`kind`; a page's front matter `cta` chooses it, else its template).
 */
export function ContactCta({ site, t, kind = 'general' }: Pick<TemplateProps, 'site' | 't'> & { kind?: CtaKind | null }): ReactElement {
  const text = CTA_TEXT[kind ?? 'general'];
  return (
    // The same on many pages: the search index leaves it out (docs/search.md, "What is indexed").
    <section className="cta-band" aria-labelledby="cta-title" data-pagefind-ignore="all">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">{t(text.title)}</h2>
          <p>{t(text.text)}</p>
        </div>
        <a className="button button-light" href={site.href('/contactUs')}>
          {t(text.button)}
        </a>
      </div>
    </section>
  );
}
