/**
 * The filing numbers a site served from mainland China shows in its footer (docs/copy-and-filing.md), checked
 * as the site loads: the public-security filing's icon must be a file of public/. The footer's links to
 * the registers are render's (cli/core/render/footer.ts).
 */
import { problem, type Problem } from '../common/errors.ts';
import type { SiteConfig } from './config.ts';

/** CONFIG_INVALID when the public-security filing's icon is no file of public/ (`known`: their paths). */
export function filingIconProblems(
  config: Pick<SiteConfig, 'publicSecurityFiling'>,
  known: (path: string) => boolean,
  file: string,
): Problem[] {
  const security = config.publicSecurityFiling;
  if (!security || known(security.icon)) return [];
  return [
    problem(
      'CONFIG_INVALID',
      `\`publicSecurityFiling.icon\` is ${security.icon}, which is no file in public/; put the filing's icon there or correct the path.`,
      { file, line: security.iconLine },
    ),
  ];
}
