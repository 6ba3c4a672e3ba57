import { describe, expect, it } from 'vitest';
import { translator } from '../../../../cli/core/text/translator.ts';

describe('translator', () => {
  it("looks up its own locale only, never the other locale's text", () => {
    const t = translator({ zh: { a: '甲', b: '乙' }, en: { a: 'A' } }, 'en');
    expect(t('a')).toBe('A');
    expect(t('b')).toBe('b');
    expect(t('toString')).toBe('toString');
  });
});
