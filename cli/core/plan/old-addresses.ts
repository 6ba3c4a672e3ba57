/**
 * Moved pages (docs/writing.md, "Moving or removing a page"): the old addresses a site keeps, from two
 * places, checked together. A page's front matter `aliases` lists routes as links are written (`/DMOC`),
 * localised in every locale the page is written in, like links; site.yaml `redirects` lists exact site
 * paths (`/old-brochure`, `/en/old-brochure`) with no page behind them. Each old address must be free (no
 * page, file or build-made path has it, in any case), claimed once, and lead straight to something live:
 * a redirect to nothing, to another redirect (a chain) or back to itself (a loop) is an error naming the
 * file and line. Pure: the caller passes what is live. The plan's: what is live is known once the pages
 * and the files the build makes are planned (cli/core/plan/site.ts).
 */
import type { Locale } from '../../../shared/constants.ts';
import { problem, type Problem } from '../common/errors.ts';
import { localeCodes, type Locales } from '../common/locales.ts';
import type { RedirectEntry } from '../load/config.ts';
import { decodeSitePath, localisePath, normaliseLinkPath, parseSitePath, RESERVED_NAMES } from '../common/routes.ts';
import { byPath } from '../common/paths.ts';

/** A place in the site: a route in a locale's tree (its URL path is `localisePath(route, locale)`). */
export interface SitePlace {
  route: string;
  locale: Locale;
}

/** HTTP statuses a redirect may answer with: permanent (the default) or temporary. */
export const REDIRECT_STATUSES = [301, 302] as const;

/** A redirect's status. */
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** One old address and where it leads. */
export interface Redirect {
  from: SitePlace;
  to: SitePlace;
  status: RedirectStatus;
  /** Where it was declared: the page's file or site.yaml, and the line. */
  file: string;
  line: number;
}

/** A page as the collector needs it: where it is written, and the file and front matter it comes from. */
export interface AliasedPage {
  route: string;
  locale: Locale;
  /** True for a stand-in written from another locale's file. */
  fallback: boolean;
  source: { file: string; data: Record<string, unknown>; lineOf(path: Array<string | number>): number };
}

/** What is live in the output, as decoded URL paths. */
export interface LiveSite {
  locales: Locales;
  /** Every page's URL path in every locale it is written in (the home alias included). */
  pages: ReadonlyMap<string, string>;
  /** Every other path the output answers: public/ files, images, sitemap, feeds, 404 and search pages. */
  files: ReadonlySet<string>;
}

/** What collecting found: the redirects, the aliases by route for links, and the problems. */
export interface Collected {
  redirects: Redirect[];
  /** Each alias route (as links write it) and the route of the page that has it. */
  aliases: Map<string, string>;
  errors: Problem[];
}

/**
 * A decoded site path that may be an old address: letters, marks and digits of any script and `-._~`,
 * in segments joined by `/`, none starting with `.`. Nothing here needs quoting in an nginx file or a
 * header, which is where these paths end up (cli/core/render/redirects.ts).
 */
const SAFE_PATH = /^(\/[\p{L}\p{M}\p{N}_~-][\p{L}\p{M}\p{N}._~-]*)+$/u;

/** Why `path` (decoded) cannot be an old address, or undefined. */
function unsafe(path: string): string | undefined {
  if (!path.startsWith('/')) return 'it does not start with "/"';
  if (!SAFE_PATH.test(path))
    return 'only letters, digits, "-", "_", "~" and "." may appear in it, in segments joined by "/" that do not start with "."';
  return undefined;
}

/** A written path as routes are kept: decoded, NFC, no trailing slash or `.html`. */
function normalise(written: string): string {
  return normaliseLinkPath(decodeSitePath(written.split(/[?#]/)[0] ?? ''));
}

/** The URL path of a place. */
function pathOf(place: SitePlace, locales: Locales): string {
  return localisePath(place.route, place.locale, locales);
}

/** The first segment of a path, in lower case, when it is one the build makes itself or a locale's prefix. */
function reservedSegment(path: string, locales: Locales): string | undefined {
  const first = (path.split('/')[1] ?? '').toLowerCase();
  return [...RESERVED_NAMES, ...localeCodes(locales)].includes(first) ? first : undefined;
}

/** The page or file that has `path` in another case (or this one), if any. */
function liveOwner(path: string, live: LiveSite): string | undefined {
  if (live.pages.has(path)) return live.pages.get(path);
  if (live.files.has(path)) return 'a file of the output';
  const lower = path.toLowerCase();
  for (const [page, file] of live.pages) if (page.toLowerCase() === lower) return `${file} (as ${page})`;
  for (const file of live.files) if (file.toLowerCase() === lower) return `the file ${file}`;
  return undefined;
}

/** Why an alias (normalised) cannot be an old route, or undefined. */
function aliasFault(alias: string, locales: Locales): string | undefined {
  const bad = unsafe(alias);
  if (bad) return `is not a route a page could have: ${bad}`;
  const site = parseSitePath(alias, locales);
  if (site.route !== alias)
    return `starts with the locale prefix /${site.locale}: write it as links are written, ${site.route}, and it is localised in every locale`;
  const reserved = reservedSegment(alias, locales);
  return reserved ? `is under /${reserved}, which the build writes itself` : undefined;
}

/** An alias as declared: the route it names, the page's route, and where. */
interface Claim {
  alias: string;
  route: string;
  file: string;
  line: number;
}

/** The aliases of the pages' own files, checked one by one. */
function pageClaims(pages: readonly AliasedPage[], live: LiveSite, errors: Problem[]): Claim[] {
  const claims: Claim[] = [];
  for (const page of pages) {
    if (page.fallback) continue;
    const list = page.source.data.aliases;
    if (!Array.isArray(list)) continue;
    for (const [i, written] of list.entries()) {
      const file = page.source.file;
      const line = page.source.lineOf(['aliases', i]);
      const alias = normalise(String(written));
      const why = aliasFault(alias, live.locales);
      if (why) {
        errors.push(problem('ALIAS_INVALID', `The alias "${written}" ${why}.`, { file, line }));
        continue;
      }
      claims.push({ alias, route: page.route, file, line });
    }
  }
  return claims;
}

/** The aliases by route, each claimed by one route only and free in every locale. */
function checkClaims(claims: readonly Claim[], pages: readonly AliasedPage[], live: LiveSite, errors: Problem[]): Map<string, string> {
  const owner = new Map<string, Claim>();
  // In file order, so that which of two claims is named first does not depend on the order pages were read in.
  const ordered = [...claims].sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  for (const claim of ordered) {
    const first = owner.get(claim.alias);
    if (first && first.route !== claim.route) {
      errors.push(
        problem(
          'ALIAS_CONFLICT',
          `The alias ${claim.alias} is claimed by two pages: ${first.file}:${first.line} (${first.route}) and this one (${claim.route}).`,
          { file: claim.file, line: claim.line },
        ),
      );
      continue;
    }
    if (!first) owner.set(claim.alias, claim);
  }
  const aliases = new Map<string, string>();
  for (const claim of owner.values()) {
    const taken = pages
      .filter((page) => page.route === claim.route)
      .map((page) => localisePath(claim.alias, page.locale, live.locales))
      .map((path) => ({ path, by: liveOwner(path, live) }))
      .find(({ by }) => by !== undefined);
    if (taken) {
      errors.push(
        problem('ALIAS_CONFLICT', `The alias ${claim.alias} is ${taken.path}, which is live: ${taken.by}. An old address must be free.`, {
          file: claim.file,
          line: claim.line,
        }),
      );
      continue;
    }
    aliases.set(claim.alias, claim.route);
  }
  return aliases;
}

/** The redirects of the aliases: in every locale a page with aliases is written in. */
function aliasRedirects(aliases: ReadonlyMap<string, string>, claims: readonly Claim[], pages: readonly AliasedPage[]): Redirect[] {
  const byRoute = new Map<string, string[]>();
  for (const [alias, route] of aliases) byRoute.set(route, [...(byRoute.get(route) ?? []), alias]);
  const declared = new Map(claims.map((c) => [c.alias, c]));
  return pages.flatMap((page) =>
    (byRoute.get(page.route) ?? []).map((alias): Redirect => {
      const claim = declared.get(alias) as Claim;
      return {
        from: { route: alias, locale: page.locale },
        to: { route: page.route, locale: page.locale },
        status: 301,
        file: claim.file,
        line: claim.line,
      };
    }),
  );
}

/** What is wrong with a site.yaml redirect taken by itself (`from`, `to` normalised), and at which line; or undefined. */
function entryFault(
  entry: RedirectEntry,
  from: string,
  to: string,
  live: LiveSite,
  taken: ReadonlyMap<string, Redirect>,
  froms: ReadonlyMap<string, RedirectEntry>,
): { line: number; message: string } | undefined {
  const status = entry.status ?? 301;
  if (!(REDIRECT_STATUSES as readonly number[]).includes(status))
    return { line: entry.statusLine ?? entry.line, message: `status ${status} is not one of ${REDIRECT_STATUSES.join(', ')}.` };
  const at = (message: string): { line: number; message: string } => ({ line: entry.fromLine, message });
  const bad = unsafe(from);
  if (bad) return at(`from "${entry.from}" is not a path of this site: ${bad}.`);
  const reserved = reservedSegment(parseSitePath(from, live.locales).route, live.locales);
  if (reserved) return at(`from ${from} is under /${reserved}, which the build writes itself.`);
  const owner = liveOwner(from, live);
  if (owner) return at(`from ${from} is live: ${owner}. Only an address with nothing behind it can redirect.`);
  const alias = taken.get(from);
  if (alias) return at(`from ${from} is already an alias of the page ${alias.file}:${alias.line}.`);
  const twice = froms.get(from);
  if (twice) return at(`from ${from} is given twice (also at line ${twice.fromLine}).`);
  if (!to.startsWith('/')) return { line: entry.toLine, message: `to "${entry.to}" is not a path of this site (it must start with "/").` };
  return undefined;
}

/** The redirects of site.yaml, each checked against what is live and against the others (chains, loops). */
function siteRedirects(
  entries: readonly RedirectEntry[],
  file: string,
  live: LiveSite,
  taken: ReadonlyMap<string, Redirect>,
  errors: Problem[],
): Redirect[] {
  const froms = new Map<string, RedirectEntry>();
  const checked: Array<{ entry: RedirectEntry; from: string; to: string }> = [];
  for (const [i, entry] of entries.entries()) {
    const from = normalise(entry.from);
    const to = normalise(entry.to);
    const fault = entryFault(entry, from, to, live, taken, froms);
    if (fault) {
      errors.push(problem('REDIRECT_INVALID', `redirects[${i}]: ${fault.message}`, { file, line: fault.line }));
      continue;
    }
    froms.set(from, entry);
    checked.push({ entry, from, to });
  }
  const next = new Map<string, string>([
    ...checked.map((c): [string, string] => [c.from, c.to]),
    ...[...taken].map(([from, r]): [string, string] => [from, pathOf(r.to, live.locales)]),
  ]);
  const redirects: Redirect[] = [];
  for (const { entry, from, to } of checked) {
    const i = entries.indexOf(entry);
    const fail = (message: string): void =>
      void errors.push(problem('REDIRECT_INVALID', `redirects[${i}]: ${message}`, { file, line: entry.toLine }));
    if (live.pages.has(to) || live.files.has(to)) {
      redirects.push({
        from: parseSitePath(from, live.locales),
        to: parseSitePath(to, live.locales),
        status: (entry.status ?? 301) as RedirectStatus,
        file,
        line: entry.line,
      });
      continue;
    }
    if (next.has(to) || to === from) {
      const chain = [from];
      let at: string | undefined = to;
      while (at !== undefined && !chain.includes(at)) {
        chain.push(at);
        at = next.get(at);
      }
      if (at !== undefined) fail(`the redirects ${[...chain, at].join(' → ')} make a loop: nothing is at the end of it.`);
      else
        fail(
          `the redirects ${chain.join(' → ')} make a chain: point ${from} straight at ${chain[chain.length - 1]} (or at the live page it should lead to).`,
        );
      continue;
    }
    const lower = to.toLowerCase();
    const near = [...live.pages.keys(), ...live.files].find((p) => p.toLowerCase() === lower);
    fail(
      `to ${to} leads to nothing: no page or file of the output has that path.${near ? ` Did you mean ${near}? Paths are case-sensitive.` : ''}`,
    );
  }
  return redirects;
}

/**
 * Every redirect of a site: the aliases of `pages` (in each locale the page is written in) and site.yaml's
 * `redirects` (`file` is site.yaml's display path), checked against `live`. Redirects come sorted by
 * their old address, so the output does not depend on the order pages were read in.
 */
export function collectRedirects(
  pages: readonly AliasedPage[],
  entries: readonly RedirectEntry[],
  file: string,
  live: LiveSite,
): Collected {
  const errors: Problem[] = [];
  const claims = pageClaims(pages, live, errors);
  const aliases = checkClaims(claims, pages, live, errors);
  const fromAliases = aliasRedirects(aliases, claims, pages);
  const taken = new Map(fromAliases.map((r): [string, Redirect] => [pathOf(r.from, live.locales), r]));
  const fromSite = siteRedirects(entries, file, live, taken, errors);
  const redirects = [...fromAliases, ...fromSite]
    .map((r): [string, Redirect] => [pathOf(r.from, live.locales), r])
    .sort(([a], [b]) => byPath(a, b))
    .map(([, r]) => r);
  return { redirects, aliases, errors };
}
