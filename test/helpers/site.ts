/** What tests know about the site: its routes (docs/hosting.md, "Output"), and how a static host maps paths to files. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every route of the site (docs/hosting.md, "Output"; each also under /en), plus the home alias. */
export const SPEC_ROUTES = [
  '/',
  '/home',
  '/CBCT',
  '/CH',
  '/company',
  '/company/company',
  '/contactUs',
  '/CTOC',
  '/DFOC',
  '/DIOS',
  '/DMOC',
  '/DR',
  '/DRFOC',
  '/DROC',
  '/Image',
  '/Industry',
  '/Instrument',
  '/join',
  '/law',
  '/MA',
  '/MiniPACS',
  '/Mobile',
  '/news',
  '/newsDetail',
  '/OR',
  '/privacy',
  '/ThreeD',
  '/toms',
  '/VET',
  '/VET_CTOC',
  '/VET_DFOC',
  '/VET_DROC',
  '/VetWorkstation',
  '/Webview',
] as const;

/** The console pages, which carry the four feature groups. */
export const CONSOLES = ['DROC', 'DFOC', 'DRFOC', 'CTOC', 'CBCT', 'DMOC', 'MA', 'VET_CTOC', 'VET_DFOC', 'VET_DROC'] as const;

/** The URL path of a route in a locale. */
export function pathOf(route: string, locale: 'zh' | 'en'): string {
  if (locale === 'zh') return route;
  return route === '/' ? '/en' : `/en${route}`;
}

/** The file a static host (nginx `try_files $uri $uri.html $uri/index.html`) serves for a path, if any. */
export function fileFor(out: string, urlPath: string): string | undefined {
  const path = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/');
  for (const candidate of [join(out, path), join(out, `${path}.html`), join(out, path, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** A digest of every file (path and bytes) under a folder, for "left exactly as it was" checks. */
export function treeDigest(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
