import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../templates/parts/date.ts';

describe('formatDate', () => {
  it('writes a month as a month, never with a made-up day, in the language of the page', () => {
    expect(formatDate('2024-11', 'zh-CN')).toBe('2024年11月');
    expect(formatDate('2024-11', 'en')).toBe('November 2024');
    expect(formatDate('2024-03', 'en')).toBe('March 2024');
  });

  it('writes a day in the order of the language: year, month, day in Chinese; day, month, year in British English', () => {
    expect(formatDate('2024-11-15', 'zh-CN')).toBe('2024年11月15日');
    expect(formatDate('2024-11-15', 'en')).toBe('15 November 2024');
    // The first of the month and the last of the year stay on their day in any time zone of the machine.
    expect(formatDate('2024-01-01', 'en')).toBe('1 January 2024');
    expect(formatDate('2024-12-31', 'zh-CN')).toBe('2024年12月31日');
  });

  it('returns anything that is not such a date as it is', () => {
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('late 2024', 'en')).toBe('late 2024');
    expect(formatDate('2024-13', 'en')).toBe('2024-13');
  });
});
