import { describe, expect, it } from 'vitest';
import type { SiteError } from '../../../../cli/core/common/errors.ts';
import { chooseTarget } from '../../../../cli/core/deploy/target.ts';
import type { DeployTarget } from '../../../../cli/core/load/config.ts';

const CN: DeployTarget = { name: 'cn', bucket: 'www-cn', pathStyle: false, prefix: '' };
const GLOBAL: DeployTarget = { name: 'global', bucket: 'www-global', pathStyle: false, prefix: '' };

function failure(run: () => unknown): { code: string; message: string; exit: number } {
  try {
    run();
  } catch (error) {
    const e = error as SiteError;
    return { code: e.problems[0]?.code ?? '', message: e.problems[0]?.message ?? '', exit: e.exitCode };
  }
  throw new Error('did not throw');
}

describe('chooseTarget', () => {
  it('takes --to, a named target, or the only one', () => {
    expect(chooseTarget({ to: 's3://other-bucket' }, [CN, GLOBAL]).bucket).toBe('other-bucket');
    expect(chooseTarget({ target: 'global' }, [CN, GLOBAL])).toBe(GLOBAL);
    expect(chooseTarget({}, [CN])).toBe(CN);
  });

  it('is wrong usage (exit 2) to give both, an unknown name, or nothing with several targets', () => {
    expect(failure(() => chooseTarget({ to: 's3://x-y', target: 'cn' }, [CN]))).toMatchObject({ code: 'USAGE', exit: 2 });
    expect(failure(() => chooseTarget({ target: 'eu' }, [CN, GLOBAL]))).toMatchObject({
      code: 'USAGE',
      exit: 2,
      message: expect.stringContaining('its targets are cn, global'),
    });
    expect(failure(() => chooseTarget({}, [CN, GLOBAL]))).toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('(cn, global)'),
    });
    expect(failure(() => chooseTarget({}, []))).toMatchObject({ code: 'USAGE', exit: 2 });
  });

  it('refuses a bad --to URL as a catalogued error (exit 1)', () => {
    expect(failure(() => chooseTarget({ to: 's3://B' }, []))).toMatchObject({ code: 'DEPLOY_URL_INVALID', exit: 1 });
  });
});
