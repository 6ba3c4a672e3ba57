/**
 * The front matter types of the templates (templates/fields.ts): checked by the type checker, which `npm test`
 * and `npm run typecheck` run over every test file, not by vitest, which runs no type check in either lane.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { HomeData, LegalData } from '../../templates/fields.ts';

describe('templates', () => {
  it('types each template’s front matter from its declared fields', () => {
    expectTypeOf<HomeData['hero']['heading']>().toEqualTypeOf<string | number>();
    expectTypeOf<HomeData['hero']['lead']>().toEqualTypeOf<string | number | null | undefined>();
    expectTypeOf<NonNullable<HomeData['cover']>['src']>().toEqualTypeOf<string>();
    expectTypeOf<LegalData['updated']>().toEqualTypeOf<string>();
  });
});
