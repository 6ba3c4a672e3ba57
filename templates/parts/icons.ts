/**
 * The site's own line icons (public/images/icons/*.svg, drawn for this site): their names, which icon stands
 * for which route, and which for each console feature group. A page may name its icon in front matter
 * (`icon: ct`, docs/templates.md); without one it gets its route's icon here, or none.
 */

/** Every icon the site ships, by name (`public/images/icons/<name>.svg`): the values front matter `icon` allows. */
export const ICON_NAMES: readonly string[] = [
  'acquisition',
  'careers',
  'cbct',
  'company',
  'compass',
  'contact',
  'ct',
  'dios',
  'fluoroscopy',
  'globe',
  'instrument',
  'legal',
  'mail',
  'mammo',
  'mobile',
  'module',
  'ndt',
  'news',
  'ortho',
  'output',
  'pacs',
  'patient',
  'phone',
  'pin',
  'privacy',
  'processing',
  'radiography',
  'rf',
  'spine',
  'threed',
  'toms',
  'vet',
  'vet-ct',
  'vet-dr',
  'vet-fluoro',
  'vet-workstation',
  'viewer',
  'workstation',
];

/** The icon of each route (without the /en prefix). */
const ROUTE_ICONS: Readonly<Record<string, string>> = {
  '/DR': 'radiography',
  '/DROC': 'radiography',
  '/DFOC': 'fluoroscopy',
  '/DRFOC': 'rf',
  '/CTOC': 'ct',
  '/CBCT': 'cbct',
  '/Mobile': 'mobile',
  '/DMOC': 'mobile',
  '/MA': 'mammo',
  '/VET': 'vet',
  '/VET_CTOC': 'vet-ct',
  '/VET_DFOC': 'vet-fluoro',
  '/VET_DROC': 'vet-dr',
  '/VetWorkstation': 'vet-workstation',
  '/Image': 'workstation',
  '/OR': 'ortho',
  '/CH': 'spine',
  '/ThreeD': 'threed',
  '/MiniPACS': 'pacs',
  '/Webview': 'viewer',
  '/DIOS': 'dios',
  '/toms': 'toms',
  '/Industry': 'ndt',
  '/Instrument': 'instrument',
  '/company': 'company',
  '/company/company': 'company',
  '/news': 'news',
  '/newsDetail': 'news',
  '/join': 'careers',
  '/contactUs': 'contact',
  '/law': 'legal',
  '/privacy': 'privacy',
  '/404': 'compass',
};

/** The icon of each console feature group (templates/Console.tsx `CONSOLE_GROUPS`). */
export const GROUP_ICONS: Readonly<Record<string, string>> = {
  'patient-management': 'patient',
  'image-acquisition': 'acquisition',
  'image-processing': 'processing',
  'image-output': 'output',
};

/**
 * The public path of the icon for `route` (`/DROC`, `/news/radiology-trade-show-2024`), or undefined when it has none: the
 * icon the page names in its front matter (`named`, the site's `pageIcons`), else its route's.
 */
export function iconOf(route: string, named?: ReadonlyMap<string, string>): string | undefined {
  const name = named?.get(decodeRoute(route)) ?? ROUTE_ICONS[route] ?? (route.startsWith('/news/') ? 'news' : undefined);
  return name ? iconPath(name) : undefined;
}

/** A route as pages are keyed (`/%E5%85%B3` -> `/关`, NFC); a malformed escape leaves it as written. */
function decodeRoute(route: string): string {
  try {
    return decodeURIComponent(route).normalize('NFC');
  } catch {
    return route;
  }
}

/** The public path of a named icon. */
export function iconPath(name: string): string {
  return `/images/icons/${name}.svg`;
}
