/**
 * A page names its icon in front matter (`icon: ct`; docs/templates.md): the hero shows it, and so do
 * the cards that link to the page. Without `icon` the route's icon (templates/parts/icons.ts) stays; a name
 * the site does not ship is FRONTMATTER_INVALID listing the names it does.
 */
import { join } from 'node:path';
import type { Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { describe, expect, it } from 'vitest';
import { makeContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';
import { ICON_NAMES } from '../../../templates/parts/icons.ts';

const page = (title: string, front = ''): string => `---\ntitle: ${title}\ndescription: ${title}.\n${front}---\n\nText.\n`;
const family =
  'template: family\nproducts:\n  - { route: /scanner, name: Scanner, text: Named icon }\n  - { route: /DROC, name: DROC, text: Route icon }\n';

const FILES = {
  'zh/scanner.md': page('扫描', 'icon: ct\n'),
  'en/scanner.md': page('Scanner', 'icon: ct\n'),
  'zh/DROC.md': page('DROC'),
  'en/DROC.md': page('DROC'),
  'zh/line.md': page('产品线', family),
  'en/line.md': page('Line', family),
};

const heroIcon = (tree: Root): string | undefined => select('.hero-icon', tree)?.properties.src as string | undefined;
const cardIcons = (tree: Root): string[] => selectAll('.card .card-icon', tree).map((img) => String(img.properties.src));

describe('front matter icon', () => {
  it('shows the named icon in the hero and on the cards linking to the page; the route icon otherwise', async () => {
    const out = join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', makeContent(FILES), '--out', out, '--quiet']);
    expect(result.code, result.stderr).toBe(0);
    for (const prefix of ['', 'en/']) {
      expect(heroIcon(readHtml(join(out, `${prefix}scanner.html`))), prefix).toBe('/images/icons/ct.svg');
      expect(heroIcon(readHtml(join(out, `${prefix}DROC.html`))), prefix).toBe('/images/icons/radiography.svg');
      expect(cardIcons(readHtml(join(out, `${prefix}line.html`))), prefix).toEqual([
        '/images/icons/ct.svg',
        '/images/icons/radiography.svg',
      ]);
    }
  });

  it('refuses a name the site does not ship, listing the allowed names', async () => {
    const content = makeContent({ ...FILES, 'en/scanner.md': page('Scanner', 'icon: xray\n') });
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/en[/\\]scanner\.md:4(:\d+)?\s+FRONTMATTER_INVALID\s+`icon` must be one of: /);
    for (const name of ICON_NAMES) expect(result.stderr).toContain(name);
    expect(result.stderr).toContain('found string "xray"');
  });
});
