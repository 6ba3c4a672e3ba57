/**
 * The declarative schema (cli/core/common/field-validator.ts): one validator for site.yaml, menu.yaml, front matter and
 * template fields, whose messages name the field's path, what was expected and what is allowed.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../../cli/core/common/errors.ts';
import { hasFields, isRecord, validate, type Field } from '../../../../cli/core/common/field-validator.ts';
import { parseYaml } from '../../../../cli/core/common/yaml.ts';

const MENU: Field = {
  kind: 'record',
  fields: {
    groups: {
      kind: 'list',
      required: true,
      min: 1,
      of: {
        kind: 'record',
        fields: {
          label: { kind: 'string', required: true },
          items: {
            kind: 'list',
            of: {
              kind: 'record',
              fields: {
                route: { kind: 'string', required: true, pattern: /^\//, patternHint: 'a route starting with /' },
                target: { kind: 'enum', values: ['_self', '_blank'] },
              },
            },
          },
        },
      },
    },
  },
};

/** Validates YAML `text` (as file `menu.yaml`) against `field`; the problems and the unknown fields' paths. */
function check(text: string, field: Field = MENU): { problems: Problem[]; unknown: Array<Array<string | number>> } {
  const source = parseYaml(text, 'menu.yaml');
  const unknown: Array<Array<string | number>> = [];
  return { problems: validate(source.value, field, source, 'MENU_INVALID', [], unknown), unknown };
}

/** Only the messages of `check`. */
const messages = (text: string, field?: Field): string[] => check(text, field).problems.map((p) => p.message);

describe('validate', () => {
  it('finds nothing wrong with a valid file', () => {
    expect(check('groups:\n  - label: main\n    items:\n      - route: /DROC\n        target: _blank\n')).toEqual({
      problems: [],
      unknown: [],
    });
  });

  it('names the path of a wrong field, the line it is on, what was expected and what was found', () => {
    const { problems } = check('groups:\n  - label: main\n    items:\n      - route: /DROC\n      - route: 42\n        target: _new\n');
    expect(problems).toEqual([
      { code: 'MENU_INVALID', file: 'menu.yaml', line: 5, message: '`groups[0].items[1].route` must be a string, found number 42.' },
      {
        code: 'MENU_INVALID',
        file: 'menu.yaml',
        line: 6,
        message: '`groups[0].items[1].target` must be one of: _self, _blank, found string "_new".',
      },
    ]);
  });

  it('reports a missing required field with what it should hold, and accepts a missing optional one', () => {
    expect(messages('groups:\n  - items: []\n')).toEqual(['`groups[0].label` is required: expected a string.']);
    expect(messages('{}\n')).toEqual(['`groups` is required: expected a list.']);
    expect(messages('groups:\n  - label: main\n')).toEqual([]);
  });

  it('refuses an empty required string and a string that does not match its pattern, naming the hint', () => {
    expect(messages('groups:\n  - label: "  "\n')).toEqual(['`groups[0].label` must not be empty.']);
    expect(messages('groups:\n  - label: main\n    items:\n      - route: DROC\n')).toEqual([
      '`groups[0].items[0].route` must be a route starting with /, found "DROC".',
    ]);
  });

  it('checks each kind: string, boolean, number, date, enum, list, record, dictionary', () => {
    const field = (f: Field): Field => ({ kind: 'record', fields: { x: f } });
    expect(messages('x: true\n', field({ kind: 'string' }))).toEqual(['`x` must be a string, found boolean true.']);
    expect(messages('x: 12\n', field({ kind: 'string' }))).toEqual([]);
    expect(messages('x: yes\n', field({ kind: 'boolean' }))).toEqual(['`x` must be true or false, found string "yes".']);
    expect(messages('x: "3"\n', field({ kind: 'number' }))).toEqual(['`x` must be a number, found string "3".']);
    expect(messages('x: 2024-02-29\n', field({ kind: 'date' }))).toEqual([]);
    expect(messages('x: 2023-02-29\n', field({ kind: 'date' }))).toEqual(['`x` is not a real date: 2023-02-29.']);
    expect(messages('x: 29.02.2024\n', field({ kind: 'date' }))).toEqual([
      '`x` must be a date written YYYY-MM-DD, or YYYY-MM for a month, found string "29.02.2024".',
    ]);
    // A month where the source gives no day: as precise as the source, never a made-up day.
    expect(messages('x: 2024-11\n', field({ kind: 'date' }))).toEqual([]);
    expect(messages('x: 2024-13\n', field({ kind: 'date' }))).toEqual(['`x` is not a real date: 2024-13.']);
    expect(messages('x: 2024-1\n', field({ kind: 'date' }))).toEqual([
      '`x` must be a date written YYYY-MM-DD, or YYYY-MM for a month, found string "2024-1".',
    ]);
    expect(messages('x: red\n', field({ kind: 'enum', values: ['zh', 'en'] }))).toEqual([
      '`x` must be one of: zh, en, found string "red".',
    ]);
    expect(messages('x: a\n', field({ kind: 'list', of: { kind: 'string' } }))).toEqual(['`x` must be a list, found string "a".']);
    expect(messages('x: [a]\n', field({ kind: 'record', fields: {} }))).toEqual(['`x` must be a mapping, found a list.']);
    expect(messages('x: { a: 1, b: false }\n', field({ kind: 'dictionary', of: { kind: 'number' } }))).toEqual([
      '`x.b` must be a number, found boolean false.',
    ]);
  });

  it('holds lists to their length and checks each item at its index', () => {
    const list: Field = { kind: 'record', fields: { x: { kind: 'list', of: { kind: 'number' }, min: 1, max: 2 } } };
    expect(messages('x: []\n', list)).toEqual(['`x` needs at least 1 item(s), found 0.']);
    expect(messages('x: [1, 2, 3]\n', list)).toEqual(['`x` allows at most 2 item(s), found 3.']);
    expect(messages('x: [1, two]\n', list)).toEqual(['`x[1]` must be a number, found string "two".']);
  });

  it('refuses an empty item of a list or value of a dictionary, even where its field is optional', () => {
    const field = (f: Field): Field => ({ kind: 'record', fields: { x: f } });
    expect(messages('x:\n  - a\n  -\n', field({ kind: 'list', of: { kind: 'string' } }))).toEqual(['`x[1]` is empty: expected a string.']);
    expect(messages('x: { a: }\n', field({ kind: 'dictionary', of: { kind: 'record', fields: {} } }))).toEqual([
      '`x.a` is empty: expected a mapping.',
    ]);
  });

  it('lists fields no schema names, with their paths, without calling them errors', () => {
    const { problems, unknown } = check(
      'groups:\n  - label: main\n    lable: typo\n    items:\n      - route: /\n        rout: /x\ncolour: red\n',
    );
    expect(problems).toEqual([]);
    expect(unknown).toHaveLength(3);
    expect(unknown).toEqual(expect.arrayContaining([['groups', 0, 'lable'], ['groups', 0, 'items', 0, 'rout'], ['colour']]));
  });

  it('takes any field in an open record', () => {
    const { problems, unknown } = check('anything: 1\n', { kind: 'record', open: true, fields: {} });
    expect({ problems, unknown }).toEqual({ problems: [], unknown: [] });
  });

  it('says "The file" when the whole file has the wrong shape', () => {
    expect(messages('- a\n- b\n')).toEqual(['The file must be a mapping, found a list.']);
  });
});

describe('hasFields', () => {
  const fields = {
    title: { kind: 'string', required: true },
    route: { kind: 'string', pattern: /^\// },
    cards: { kind: 'list', of: { kind: 'record', fields: { text: { kind: 'string', required: true } } } },
  } as const satisfies Record<string, Field>;

  it('is true for what the fields accept: their kinds, the required ones present, the others missing or empty', () => {
    expect(hasFields({ title: 'DROC', cards: [{ text: 'a' }] }, fields)).toBe(true);
    expect(hasFields({ title: 1997, route: null, extra: true }, fields)).toBe(true);
  });

  it('is false for a missing required field, a wrong kind or an empty item', () => {
    expect(hasFields({}, fields)).toBe(false);
    expect(hasFields({ title: 'x', route: 7 }, fields)).toBe(false);
    expect(hasFields({ title: 'x', cards: [null] }, fields)).toBe(false);
    expect(hasFields({ title: 'x', cards: [{}] }, fields)).toBe(false);
    expect(hasFields([], fields)).toBe(false);
  });
});

describe('isRecord', () => {
  it('is true for a mapping only', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isRecord)).toEqual([true, true, false, false, false, false]);
  });
});
