import { describe, expect, it } from 'vitest';
import { buildYear } from '../../../../cli/core/load/build-date.ts';
import { SiteError } from '../../../../cli/core/common/errors.ts';

const JUNE_2031 = 1938038400;

describe('buildYear', () => {
  it('takes the year of SOURCE_DATE_EPOCH (UTC) when it is set', () => {
    expect(buildYear({ SOURCE_DATE_EPOCH: String(JUNE_2031) }, 0)).toBe(2031);
    // 2030-12-31T23:59:59Z is still 2030 whatever the machine's time zone.
    expect(buildYear({ SOURCE_DATE_EPOCH: '1924991999' }, 0)).toBe(2030);
  });

  it('takes the current year when SOURCE_DATE_EPOCH is unset or empty', () => {
    const now = Date.UTC(2027, 2, 1);
    expect(buildYear({}, now)).toBe(2027);
    expect(buildYear({ SOURCE_DATE_EPOCH: '' }, now)).toBe(2027);
  });

  it('refuses a SOURCE_DATE_EPOCH that is not whole seconds, as ENV_INVALID', () => {
    // The last is a whole number, but past the dates JavaScript can hold.
    for (const bad of [' 1938038400', '1938038400.5', '-1', 'tomorrow', '99999999999999']) {
      let thrown: unknown;
      try {
        buildYear({ SOURCE_DATE_EPOCH: bad }, 0);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(SiteError);
      expect((thrown as SiteError).problems[0]?.code, bad).toBe('ENV_INVALID');
    }
  });
});
