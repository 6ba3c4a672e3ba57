/**
 * The template registry (templates/index.ts): each component reads its front matter typed from the fields
 * its template declares (templates/fields.ts), and gets it only once it has been checked to have that type.
 */
import { createElement, isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { HomeData } from '../../templates/fields.ts';
import { templates } from '../../templates/index.ts';
import type { PageModel, SiteModel, TemplateProps } from '../../templates/types.ts';

/** Props around `data`. The registry's check runs before the site is read, so it is left empty. */
function propsWith(data: unknown): TemplateProps {
  const page: PageModel = {
    route: '/',
    path: '/',
    locale: 'en',
    lang: 'en',
    contentLang: 'en',
    routeName: 'home',
    template: 'home',
    title: 'Home',
    description: '',
    keywords: '',
    summary: '',
    data,
    body: createElement('p'),
    intro: null,
    sections: [],
    social: { type: 'website', image: '', locale: 'en_US', alternateLocales: [] },
    structuredData: [],
  };
  return { page, site: {} as SiteModel, t: (id) => id };
}

describe('templates', () => {
  it('hands a component front matter that has its fields', () => {
    const data = { title: 'Home', hero: { heading: 'E-COM' }, stats: [{ value: 25, label: 'years' }] };
    const element = templates.home?.component(propsWith(data));
    expect(isValidElement<TemplateProps<HomeData>>(element) && element.props.page.data).toBe(data);
  });

  it('refuses front matter that lacks a required field rather than hand it on', () => {
    expect(() => templates.home?.component(propsWith({ title: 'Home' }))).toThrow(
      'The front matter of / does not have the fields of its template',
    );
  });
});
