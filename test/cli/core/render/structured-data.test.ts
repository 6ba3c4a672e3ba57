import { describe, expect, it } from 'vitest';
import { breadcrumbList, newsArticle, organization } from '../../../../cli/core/render/structured-data.ts';

describe('JSON-LD objects', () => {
  it('describes the company with its founding year and contact point', () => {
    expect(
      organization({
        name: 'Co',
        alternateNames: ['公司'],
        url: 'https://x.test/',
        logo: 'https://x.test/l.svg',
        founded: '1997',
        telephone: '+1',
        email: 'a@x.test',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Co',
      alternateName: ['公司'],
      url: 'https://x.test/',
      logo: 'https://x.test/l.svg',
      foundingDate: '1997',
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: '+1', email: 'a@x.test' },
    });
  });

  it('leaves out a founding year and other names that site.yaml does not give', () => {
    const org = organization({ name: 'Co', alternateNames: [], url: 'u', logo: 'l', telephone: 't', email: 'e' });
    expect(org).not.toHaveProperty('foundingDate');
    expect(org).not.toHaveProperty('alternateName');
  });

  it('describes an article with its date, page and publisher', () => {
    const article = newsArticle({
      headline: 'H',
      description: 'D',
      date: '2024-12-06',
      url: 'https://x.test/news/a',
      image: 'https://x.test/i.svg',
      inLanguage: 'en',
      publisher: { name: 'Co', url: 'https://x.test/en', logo: 'https://x.test/l.svg' },
    });
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'H',
      datePublished: '2024-12-06',
      mainEntityOfPage: 'https://x.test/news/a',
      image: ['https://x.test/i.svg'],
      publisher: { '@type': 'Organization', name: 'Co', logo: { '@type': 'ImageObject', url: 'https://x.test/l.svg' } },
    });
  });

  it('numbers the breadcrumb trail from 1', () => {
    expect(
      breadcrumbList([
        { name: 'Home', url: 'h' },
        { name: 'DR', url: 'd' },
        { name: 'DROC', url: 'r' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'h' },
      { '@type': 'ListItem', position: 2, name: 'DR', item: 'd' },
      { '@type': 'ListItem', position: 3, name: 'DROC', item: 'r' },
    ]);
  });
});
