/**
 * A linkinator crawl of a served site from one start URL, as a reader's browser would follow it: every
 * link on this server, stylesheets included, no redirect allowed; other origins are skipped (the check
 * runs offline). Returns the broken links and every URL of this server that was requested.
 */
export async function crawl(start: string, origin: string): Promise<{ broken: string[]; requested: string[] }> {
  const { LinkChecker, LinkState } = await import('linkinator');
  const requested = new Set<string>();
  const checker = new LinkChecker();
  checker.on('link', (link: { url: string }) => {
    if (link.url.startsWith(`${origin}/`)) requested.add(link.url);
  });
  const result = await checker.check({
    path: start,
    recurse: true,
    checkCss: true,
    cleanUrls: true,
    concurrency: 8,
    redirects: 'error',
    linksToSkip: async (url: string) => !url.startsWith(`${origin}/`),
  });
  const broken = result.links
    .filter((link) => link.state === LinkState.BROKEN)
    .map((link) => `${link.status} ${link.url} on ${link.parent}`);
  return { broken, requested: [...requested] };
}
