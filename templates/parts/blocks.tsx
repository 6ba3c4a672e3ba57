/** Building blocks shared by the page templates. */
import type { ReactElement } from 'react';
import type { Section, TemplateProps } from '../types.ts';

/** A `{title, text}` record from front matter (highlights, modules, regions). */
export interface Item {
  title?: string;
  name?: string;
  text: string;
}

/** Reads a list of records from front matter; the generator validated its shape already. */
export function listOf<T>(data: Record<string, unknown>, key: string): T[] {
  const value = data[key];
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The page's heading block: the one h1, the product's full name and the summary. */
export function PageHero({ page, eyebrow }: Pick<TemplateProps, 'page'> & { eyebrow?: string }): ReactElement {
  const product = typeof page.data.product === 'string' ? page.data.product : '';
  return (
    <div className="page-hero">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{page.title}</h1>
        {product ? <p className="product-name">{product}</p> : null}
        {page.summary ? <p className="lead">{page.summary}</p> : null}
      </div>
    </div>
  );
}

/** A grid of titled cards, optionally linked. */
export function CardGrid({ items, heading, id, href }: { items: Item[]; heading?: string; id?: string; href?: (item: Item) => string | undefined }): ReactElement | null {
  if (items.length === 0) return null;
  return (
    <section className="band" id={id} aria-labelledby={heading && id ? `${id}-title` : undefined}>
      <div className="container">
        {heading ? <h2 id={id ? `${id}-title` : undefined}>{heading}</h2> : null}
        <ul className="cards">
          {items.map((item, i) => {
            const link = href?.(item);
            const title = item.title ?? item.name ?? '';
            return (
              <li className="card" key={i}>
                <h3>{link ? <a href={link}>{title}</a> : title}</h3>
                <p>{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** The `##` sections of the body, each in its own band; `ids` names them for anchors and tests. */
export function Sections({ sections, ids, className }: { sections: Section[]; ids?: readonly string[]; className?: string }): ReactElement {
  return (
    <>
      {sections.map((section, i) => {
        const id = ids?.[i] ?? `section-${i + 1}`;
        return (
          <section className={`band prose-band ${className ?? ''}`.trim()} id={id} data-group={ids?.[i]} key={id} aria-labelledby={`${id}-title`}>
            <div className="container prose">
              <h2 id={`${id}-title`}>{section.heading}</h2>
              {section.body}
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
    <div className="band">
      <div className="container prose">{page.intro}</div>
    </div>
  );
}
