import { describe, expect, it } from 'vitest';
import { copyrightYears } from '../../../../cli/core/render/footer.ts';

describe('copyrightYears', () => {
  it('runs from the founding year to the build year', () => {
    expect(copyrightYears('1997', 2031)).toBe('1997–2031');
  });

  it('is the build year alone when the founding year is unknown or not earlier', () => {
    expect(copyrightYears(undefined, 2031)).toBe('2031');
    expect(copyrightYears('2031', 2031)).toBe('2031');
    expect(copyrightYears('2040', 2031)).toBe('2031');
  });
});
