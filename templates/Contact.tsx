import type { ReactElement } from 'react';
import { Layout } from './parts/Layout.tsx';
import { BandHeading, Icon, Intro, PageHero, Sections } from './parts/blocks.tsx';
import { iconPath } from './parts/icons.ts';
import type { ContactData } from './fields.ts';
import type { TemplateProps } from './types.ts';

/**
 * Turns a contact value into a link where it is an e-mail address or a phone number, with the text it
 * shows: a phone number's spaces and hyphens become their non-breaking forms, so that it never wraps in
 * the middle (html-validate `tel-non-breaking`).
 */
function contactLink(value: string): { href: string; icon: string; text: string } | undefined {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { href: `mailto:${value}`, icon: 'mail', text: value };
  if (/^\+?[\d\s()-]{6,}$/.test(value)) {
    return { href: `tel:${value.replace(/[^\d+]/g, '')}`, icon: 'phone', text: value.replace(/\s/g, '\u00a0').replace(/-/g, '\u2011') };
  }
  return undefined;
}

/** Contact: the labelled contacts from front matter as cards, then the sections. */
export function Contact(props: TemplateProps<ContactData>): ReactElement {
  const { page, site, t } = props;
  const contacts = page.data.contacts ?? [];
  return (
    <Layout {...props}>
      <PageHero page={page} site={site} />
      {contacts.length ? (
        <section className="band muted-band" aria-labelledby="contacts-title">
          <div className="container">
            <BandHeading id="contacts-title" title={t('section.contacts')} />
            <dl className="contacts">
              {contacts.map((c) => {
                // YAML reads a phone number written without `+` or spaces as a number.
                const link = contactLink(String(c.value));
                return (
                  <div className="contact" key={c.label}>
                    <dt>
                      <Icon src={iconPath(link?.icon ?? 'contact')} site={site} className="card-icon" />
                      {c.label}
                    </dt>
                    <dd>{link ? <a href={link.href}>{link.text}</a> : c.value}</dd>
                  </div>
                );
              })}
            </dl>
          </div>
        </section>
      ) : null}
      <Intro page={page} />
      <div className="feature-groups contact-sections">
        <Sections sections={page.sections} className="feature-group" />
      </div>
    </Layout>
  );
}
