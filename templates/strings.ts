/**
 * The UI text ids the templates use. Each must exist in every locale's `_strings.yaml`; the build warns
 * (STRING_MISSING) for any id a locale lacks and uses the other locale's text meanwhile.
 */
export const UI_STRINGS = [
  'a11y.skip', 'a11y.mainNav', 'a11y.footerNav', 'a11y.home', 'a11y.loading', 'a11y.pageLoaded',
  'nav.products', 'nav.productsShort', 'nav.switchLocale',
  'ui.backToTop', 'ui.offline',
  'error.notFound', 'error.backHome', 'error.generic', 'error.showFailed', 'error.goHome', 'error.notFoundLead', 'error.otherWays',
  'section.highlights', 'section.modules', 'section.products', 'section.milestones', 'section.regions',
  'section.latestNews', 'section.contacts', 'section.facts',
  'home.explore', 'cta.title', 'cta.text', 'cta.button',
  'news.all', 'news.others', 'news.published', 'news.empty', 'news.readMore',
  'legal.updated', 'legal.contents',
  'footer.rights', 'footer.about', 'footer.company', 'footer.law', 'footer.privacy',
] as const;
