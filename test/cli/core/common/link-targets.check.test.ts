/**
 * The branches of checkInternalLink the first tests leave out (cli/core/common/link-targets.ts): links to an
 * old address kept by an alias, a link the URL parser refuses, an empty link, and the exact words of an
 * image that names no file.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../cli/core/common/defaults.ts';
import { checkInternalLink, type LinkTargets } from '../../../../cli/core/common/link-targets.ts';

const targets: LinkTargets = {
  locales: DEFAULTS.locales,
  routes: new Set(['/', '/DROC', '/news']),
  files: new Set(['/images/logo.svg']),
  aliases: new Map([['/old-droc', '/DROC']]),
};

describe('checkInternalLink, other links', () => {
  it("writes a link to an old address to the page's current route, in the page's locale or the one it names, and says so", () => {
    expect(checkInternalLink('/old-droc#x', '/en/news', 'en', targets)).toEqual({
      url: '/en/DROC#x',
      moved:
        'The link "/old-droc#x" points to /old-droc, an old address of the page now at /DROC: write /DROC (the link is written to /en/DROC).',
    });
    expect(checkInternalLink('/en/old-droc', '/news', 'zh', targets)).toMatchObject({ url: '/en/DROC' });
    expect(checkInternalLink('/old-droc', '/news', 'zh', targets)).toMatchObject({ url: '/DROC' });
  });

  it('never takes an image to an old address of a page', () => {
    expect(checkInternalLink('/old-droc', '/news', 'zh', targets, true)).toEqual({
      url: '/old-droc',
      error: 'The image "/old-droc" points to /old-droc, which is not a file in public/.',
    });
  });

  it('refuses a link the URL parser refuses, and leaves an empty one as it is', () => {
    expect(checkInternalLink('\\\\', '/news', 'zh', targets)).toEqual({ url: '\\\\', error: 'The link "\\\\" is not a valid URL.' });
    expect(checkInternalLink('', '/en/DROC', 'en', targets)).toEqual({ url: '' });
  });

  it('suggests a file of public/ for an image only when one differs from it by case', () => {
    expect(checkInternalLink('/images/none.png', '/news', 'zh', targets, true).error).toBe(
      'The image "/images/none.png" points to /images/none.png, which is not a file in public/.',
    );
    expect(checkInternalLink('/images/Logo.svg', '/news', 'zh', targets, true).error).toBe(
      'The image "/images/Logo.svg" points to /images/Logo.svg, which is not a file in public/. Did you mean /images/logo.svg? Paths are case-sensitive.',
    );
  });
});
