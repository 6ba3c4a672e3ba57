/**
 * The site's own line icons (public/images/icons/*.svg, drawn for this site): which icon stands for which
 * route, and which for each console feature group. Pages without an icon of their own get none.
 */

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

/** The public path of the icon for `route` (`/DROC`, `/news/rsna-2024`), or undefined when it has none. */
export function iconOf(route: string): string | undefined {
  const name = ROUTE_ICONS[route] ?? (route.startsWith('/news/') ? 'news' : undefined);
  return name ? iconPath(name) : undefined;
}

/** The public path of a named icon. */
export function iconPath(name: string): string {
  return `/images/icons/${name}.svg`;
}
