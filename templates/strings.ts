/**
 * The UI text the templates use, with its built-in text in every locale (docs/writing.md,
 * "_strings.yaml"). A locale's `_strings.yaml` overrides any of it, id by id; the build merges the two
 * (`withDefaults` in cli/core/load/i18n.ts), so a template never shows a raw text id and a minimal content
 * folder builds with readable text, the way a Hugo theme's i18n files back the site's own.
 */
/**
 * Every text id a template passes to `t()`, with its built-in text per language (the primary subtag of a
 * locale's `lang`: a locale `zh-CN` reads `zh`). A locale whose language has none takes the text of its
 * fallback chain, with a warning, until its _strings.yaml gives its own (docs/locales.md).
 */
export const UI_TEXT = {
  'a11y.skip': { zh: '跳到正文', en: 'Skip to content' },
  'a11y.mainNav': { zh: '主导航', en: 'Main navigation' },
  'a11y.footerNav': { zh: '网站地图', en: 'Site map' },
  'a11y.home': { zh: '首页', en: 'home' },
  'a11y.loading': { zh: '页面加载进度', en: 'Page loading progress' },
  'a11y.pageLoaded': { zh: '已打开页面：', en: 'Page loaded:' },
  'nav.products': { zh: '产品与方案', en: 'Products & solutions' },
  'nav.productsShort': { zh: '产品', en: 'Products' },
  'nav.switchLocale': { zh: 'English', en: '中文' },
  'nav.languages': { zh: '语言', en: 'Language' },
  'ui.backToTop': { zh: '返回顶部', en: 'Back to top' },
  'ui.offline': { zh: '网络已断开，当前显示的是已加载的内容。', en: 'You are offline. You are seeing the content already loaded.' },
  'error.notFound': { zh: '页面未找到', en: 'This page could not be found' },
  'error.backHome': { zh: '返回首页', en: 'Back to the home page' },
  'error.generic': { zh: '出错了', en: 'Error' },
  'error.showFailed': { zh: '显示错误页面时发生错误', en: 'An error occurred while showing the error page' },
  'error.goHome': { zh: '返回首页', en: 'Go back to home' },
  'error.notFoundLead': { zh: '您访问的页面不存在或已被移动。', en: 'The page you asked for does not exist or has moved.' },
  'error.otherWays': { zh: '其他入口', en: 'Other ways in' },
  // The page left at a moved page's old address (cli/core/redirects/output.ts), followed by a link to the new one.
  'moved.title': { zh: '页面已移动', en: 'This page has moved' },
  'moved.lead': { zh: '本页面已移至：', en: 'This page is now at' },
  'section.highlights': { zh: '产品亮点', en: 'Highlights' },
  'section.modules': { zh: '平台模块', en: 'Platform modules' },
  'section.products': { zh: '产品一览', en: 'Products' },
  'section.milestones': { zh: '里程碑', en: 'Milestones' },
  'section.regions': { zh: '合作伙伴分布', en: 'Partners around the world' },
  'section.latestNews': { zh: '最新动态', en: 'Latest news' },
  'section.contacts': { zh: '联系方式', en: 'Contacts' },
  'section.facts': { zh: '公司概况', en: 'Company facts' },
  'home.explore': { zh: '浏览产品', en: 'Explore our products' },
  'cta.title': { zh: '想了解哪种方案最适合您？', en: 'Wondering which solution fits your project?' },
  'cta.text': {
    zh: '告诉我们您的设备、需求与目标市场，我们的应用工程师会为您推荐合适的方案并安排演示。',
    en: 'Tell us about your equipment, requirements and target markets, and our application engineers will recommend the right solution and arrange a demonstration.',
  },
  'cta.button': { zh: '联系我们', en: 'Contact us' },
  'cta.product.title': { zh: '想看看它在您的设备上如何工作？', en: 'Want to see how it would work with your equipment?' },
  'cta.product.text': {
    zh: '我们可以为您安排产品演示，也可以与您的工程团队一起探讨如何把它集成到您的设备中。',
    en: 'We can arrange a demonstration, or sit down with your engineering team to talk through integrating it with your equipment.',
  },
  'cta.product.button': { zh: '预约演示或集成洽谈', en: 'Ask for a demo or an integration talk' },
  'cta.factory.title': { zh: '想看看它在您的生产现场如何运行？', en: 'Want to see how it would run on your shop floor?' },
  'cta.factory.text': {
    zh: '我们可以为您演示平台，也可以与您的生产、质量和IT团队一起梳理现有流程，商定分模块上线的步骤。',
    en: 'We can give you a demonstration of the platform, or sit down with your production, quality and IT teams to map your current processes and plan a module-by-module rollout.',
  },
  'cta.factory.button': { zh: '预约演示或项目洽谈', en: 'Ask for a demo or a project talk' },
  'cta.viewer.title': {
    zh: '想看看您的用户如何在浏览器中看片和分享？',
    en: 'Want to see how your users would view and share images in a browser?',
  },
  'cta.viewer.text': {
    zh: '我们可以为您安排在线演示，也可以一起探讨网关接入、分享流程和数据保护方面的安排。',
    en: 'We can arrange an online demonstration, or talk through the gateway connection, the sharing workflow and data protection with you.',
  },
  'cta.viewer.button': { zh: '预约在线演示', en: 'Ask for an online demo' },
  'news.all': { zh: '全部新闻', en: 'All news' },
  'news.others': { zh: '更多新闻', en: 'More news' },
  'news.published': { zh: '发布日期', en: 'Published' },
  'news.empty': { zh: '暂无新闻。', en: 'No news yet.' },
  'news.readMore': { zh: '阅读全文', en: 'Read the full story' },
  'legal.updated': { zh: '更新日期', en: 'Last updated' },
  'legal.contents': { zh: '目录', en: 'Contents' },
  'l10n.outdated': {
    zh: '本页的原文在翻译后已有更新，译文可能已过时。',
    en: 'The original of this page has changed since it was translated; this translation may be out of date.',
  },
  'l10n.readSource': { zh: '阅读原文', en: 'Read the original' },
  'search.title': { zh: '搜索', en: 'Search' },
  'search.lead': { zh: '在本站查找产品、方案与新闻。', en: 'Find products, solutions and news on this site.' },
  'search.label': { zh: '搜索本站', en: 'Search this site' },
  'search.submit': { zh: '搜索', en: 'Search' },
  'search.noScript': {
    zh: '需要启用JavaScript才能显示搜索结果。您也可以通过页面顶部的菜单或页脚的网站地图找到各个页面。',
    en: 'Search needs JavaScript to show results. You can also find every page through the menu at the top or the site map at the bottom.',
  },
  'search.loading': { zh: '正在搜索……', en: 'Searching…' },
  'search.countOne': { zh: '找到{count}个与“{query}”相关的结果', en: '{count} result for “{query}”' },
  'search.countOther': { zh: '找到{count}个与“{query}”相关的结果', en: '{count} results for “{query}”' },
  'search.none': { zh: '没有找到与“{query}”相关的结果。', en: 'No results for “{query}”.' },
  'search.elsewhere': { zh: '其他语言版本中有相关结果：', en: 'Results in other languages:' },
  'search.results': { zh: '搜索结果', en: 'Search results' },
  'search.more': { zh: '显示更多结果', en: 'Show more results' },
  'search.failed': { zh: '搜索暂时无法使用，请稍后再试。', en: 'Search is not available right now. Please try again later.' },
  'footer.rights': { zh: '保留所有权利。', en: 'All rights reserved.' },
  'footer.about': {
    zh: '自1997年起为医疗、兽医、工业与生命科学设备制造商提供操作系统与影像软件。',
    en: 'Operating-system and imaging software for makers of medical, veterinary, industrial and life-science equipment since 1997.',
  },
  'footer.company': { zh: '公司', en: 'Company' },
  'footer.law': { zh: '法律声明', en: 'Legal statement' },
  'footer.privacy': { zh: '隐私政策', en: 'Privacy policy' },
} as const satisfies Record<string, Record<string, string>>;

/** A text id the templates use. */
export type UiString = keyof typeof UI_TEXT;

/** The text ids the templates use (the keys of `UI_TEXT`). */
export const UI_STRINGS = Object.keys(UI_TEXT) as UiString[];
