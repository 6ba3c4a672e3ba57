/**
 * The types the field language infers (templates/schema.ts `Infer`): checked by the type checker, which `npm test`
 * and `npm run typecheck` run over every test file, not by vitest, which runs no type check in either lane.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Field, Infer, InferFields } from '../../templates/schema.ts';

describe('Infer', () => {
  it('types a field from its declaration, as validate lets it through', () => {
    const hero = {
      kind: 'record',
      required: true,
      fields: {
        heading: { kind: 'string', required: true },
        src: { kind: 'string', required: true, pattern: /^\// },
        size: { kind: 'number' },
        shown: { kind: 'boolean', required: true },
        date: { kind: 'date', required: true },
        tone: { kind: 'enum', values: ['light', 'dark'], required: true },
        tags: { kind: 'list', required: true, of: { kind: 'string', pattern: /^#/ } },
        names: { kind: 'dictionary', required: true, of: { kind: 'string', pattern: /./ } },
      },
    } as const satisfies Field;
    expectTypeOf<Infer<typeof hero>>().toEqualTypeOf<InferFields<typeof hero.fields>>();
    type Hero = Infer<typeof hero>;
    expectTypeOf<Hero['heading']>().toEqualTypeOf<string | number>();
    expectTypeOf<Hero['src']>().toEqualTypeOf<string>();
    expectTypeOf<Hero['size']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Hero['shown']>().toEqualTypeOf<boolean>();
    expectTypeOf<Hero['date']>().toEqualTypeOf<string>();
    expectTypeOf<Hero['tone']>().toEqualTypeOf<'light' | 'dark'>();
    expectTypeOf<Hero['tags']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<Hero['names']>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<Infer<{ kind: 'record'; fields: { a: { kind: 'number' } } }>>().toEqualTypeOf<
      InferFields<{ a: { kind: 'number' } }> | null | undefined
    >();
  });

  it('makes the fields that are not required optional', () => {
    type AB = InferFields<{ a: { kind: 'number'; required: true }; b: { kind: 'boolean' } }>;
    expectTypeOf<AB['b']>().toEqualTypeOf<boolean | null | undefined>();
    expectTypeOf<{ a: number }>().toExtend<AB>();
    expectTypeOf<{ b: boolean }>().not.toExtend<AB>();
  });
});
