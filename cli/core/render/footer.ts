/**
 * The footer's facts that come from site.yaml and the build (docs/copy-and-filing.md): the filing numbers a
 * site served from mainland China shows, the ICP filing linked to the MIIT register and the public-security
 * filing with its icon linked to the Ministry of Public Security's register at the record of its number;
 * and the years of the copyright line. Pure: site.yaml and the build's year in, what the footer shows out.
 */
import type { SiteConfig } from '../load/config.ts';

/** One filing line of the footer: its number as issued, where it links, and an icon URL for some. */
export interface FilingLink {
  text: string;
  href: string;
  icon?: string;
}

/** The MIIT register of ICP filings, the link the regulations ask for. */
export const ICP_REGISTER = 'https://beian.miit.gov.cn/';
/** The MPS register of public-security filings; a number's record is at `#/query/webSearch?code=`. */
export const PUBLIC_SECURITY_REGISTER = 'https://beian.mps.gov.cn/';

/**
 * The footer's filing links, in the order a reader expects them (ICP, then public security); none for a
 * filing site.yaml leaves unset. `iconUrl` turns the icon's public/ path into the URL the page uses.
 */
export function filingLinks(
  config: Pick<SiteConfig, 'icpFiling' | 'publicSecurityFiling'>,
  iconUrl: (path: string) => string,
): FilingLink[] {
  const links: FilingLink[] = [];
  if (config.icpFiling) links.push({ text: config.icpFiling, href: ICP_REGISTER });
  const security = config.publicSecurityFiling;
  if (security) {
    const code = security.number.replace(/\D/g, '');
    links.push({ text: security.number, href: `${PUBLIC_SECURITY_REGISTER}#/query/webSearch?code=${code}`, icon: iconUrl(security.icon) });
  }
  return links;
}

/**
 * The years of the footer's copyright line: `founded–year` (en dash), or `year` alone when the founding
 * year is unknown or not earlier than the build's.
 */
export function copyrightYears(founded: string | undefined, year: number): string {
  const from = founded === undefined ? Number.NaN : Number(founded);
  return Number.isInteger(from) && from < year ? `${from}–${year}` : String(year);
}
