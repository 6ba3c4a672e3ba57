import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { Intro, listOf, PageHero, Sections } from './parts/blocks.tsx';
import type { TemplateProps } from './types.ts';

/** Turns a contact value into a link where it is an e-mail address or a phone number. */
function contactHref(value: string): string | undefined {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^\+?[\d\s()-]{6,}$/.test(value)) return `tel:${value.replace(/[^\d+]/g, '')}`;
  return undefined;
}

/** Contact: the labelled contacts from front matter, then the sections. */
export function Contact(props: TemplateProps): ReactElement {
  const { page, t } = props;
  const contacts = listOf<{ label: string; value: string }>(page.data, 'contacts');
  return (
    <Layout {...props}>
      <PageHero page={page} />
      {contacts.length ? (
        <section className="band" aria-labelledby="contacts-title">
          <div className="container">
            <h2 id="contacts-title">{t('section.contacts')}</h2>
            <dl className="contacts">
              {contacts.map((c) => {
                const href = contactHref(c.value);
                return (
                  <div className="contact" key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>{href ? <a href={href}>{c.value}</a> : c.value}</dd>
                  </div>
                );
              })}
            </dl>
          </div>
        </section>
      ) : null}
      <Intro page={page} />
      <Sections sections={page.sections} />
    </Layout>
  );
}
