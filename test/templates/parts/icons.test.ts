import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconOf } from '../../../templates/parts/icons.ts';
import { ROOT } from '../../helpers/cli.ts';

describe('templates/parts/icons.ts', () => {
  it('names exactly the icons the site ships in public/images/icons', () => {
    const shipped = readdirSync(join(ROOT, 'public', 'images', 'icons'))
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4))
      .sort();
    expect([...ICON_NAMES].sort()).toEqual(shipped);
  });

  it("gives a route the icon its page names, else the route's own, else none", () => {
    const named = new Map([
      ['/DROC', 'ct'],
      ['/关于', 'company'],
    ]);
    expect(iconOf('/DROC', named)).toBe('/images/icons/ct.svg');
    expect(iconOf('/DROC')).toBe('/images/icons/radiography.svg');
    expect(iconOf('/%E5%85%B3%E4%BA%8E', named)).toBe('/images/icons/company.svg');
    expect(iconOf('/news/any')).toBe('/images/icons/news.svg');
    expect(iconOf('/nowhere', named)).toBeUndefined();
  });
});
