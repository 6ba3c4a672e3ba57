/** The Atom feed (RFC 4287) of a locale's news, at /news/feed.xml under each locale's prefix. */
import type { Locale } from '../../../shared/constants.ts';
import { langOf } from '../common/locales.ts';
import type { ArticleSummary } from '../../../templates/types.ts';
import type { SiteConfig } from '../load/config.ts';
import type { FeedHead } from '../plan/lists.ts';
import { absoluteUrl } from './head.ts';
import { siteRootUrl } from '../common/base-path.ts';
import { escapeXml } from './sitemap.ts';

/** What a feed says about itself. */
export interface FeedInfo {
  /** `xml:lang`, e.g. `zh-CN`. */
  lang: string;
  title: string;
  /** Absolute URL of the feed itself: its `id` and `rel="self"` link. */
  selfUrl: string;
  /** Absolute URL of the page listing the same news. */
  pageUrl: string;
  author: string;
}

/** One entry of a feed. */
export interface FeedEntry {
  title: string;
  /** Absolute URL of the article: the entry's `id` and link. */
  url: string;
  /** YYYY-MM-DD, or YYYY-MM where only the month is known. */
  date: string;
  summary: string;
}

/**
 * The Atom timestamp of a YYYY-MM-DD date (midnight UTC, so the output never depends on the clock). Atom
 * (RFC 4287) needs a full date-time, so a month (YYYY-MM) stands for its first day.
 */
function timestamp(date: string): string {
  if (/^\d{4}-\d{2}$/.test(date)) return `${date}-01T00:00:00Z`;
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : '1970-01-01T00:00:00Z';
}

/** Renders a feed; entries keep the given order, and the feed's `updated` is the newest entry's date. */
export function renderFeed(info: FeedInfo, entries: readonly FeedEntry[]): string {
  const newest =
    entries
      .map((e) => e.date)
      .sort()
      .at(-1) ?? '';
  const body = entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${escapeXml(entry.url)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      `    <published>${timestamp(entry.date)}</published>`,
      `    <updated>${timestamp(entry.date)}</updated>`,
      ...(entry.summary ? [`    <summary>${escapeXml(entry.summary)}</summary>`] : []),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(info.lang)}">`,
    `  <id>${escapeXml(info.selfUrl)}</id>`,
    `  <title>${escapeXml(info.title)}</title>`,
    `  <updated>${timestamp(newest)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(info.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(info.pageUrl)}"/>`,
    `  <author><name>${escapeXml(info.author)}</name></author>`,
    ...body,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * The Atom feed of `locale`, at the path and with the title the plan gave it (cli/core/plan/lists.ts
 * `feedHeads`); `listed` when the locale has a news list page (/news), which the feed then links to.
 */
export function feedXml(config: SiteConfig, locale: Locale, head: FeedHead, articles: readonly ArticleSummary[], listed: boolean): string {
  // Article hrefs are site paths: the feed's URLs are absolute, under the base path.
  const root = siteRootUrl(config.baseUrl, config.basePath);
  return renderFeed(
    {
      lang: langOf(config.locales, locale),
      title: head.title,
      selfUrl: `${root}${head.href}`,
      pageUrl: absoluteUrl(root, listed ? '/news' : '/', locale, config.locales),
      author: config.company[locale] ?? '',
    },
    articles.map((a) => ({ title: a.title, url: `${root}${a.href}`, date: a.date, summary: a.summary })),
  );
}
