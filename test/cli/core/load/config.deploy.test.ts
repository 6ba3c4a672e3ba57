import { describe, expect, it } from 'vitest';
import type { SiteError } from '../../../../cli/core/common/errors.ts';
import { loadSiteConfig } from '../../../../cli/core/load/config.ts';
import { makeContent } from '../../../helpers/cli.ts';

const SITE = 'baseUrl: https://example.test\ncompany:\n  zh: 测试公司\n  en: Test Co\nphone: "+86 000"\nemail: test@example.test\n';

async function problemsOf(yaml: string): Promise<Array<{ code: string; message: string; line?: number }>> {
  const error = (await loadSiteConfig(makeContent({ 'site.yaml': `${SITE}${yaml}` })).catch((e: unknown) => e)) as SiteError;
  return error.problems;
}

describe('site.yaml deploy.targets', () => {
  it('reads named targets with their URLs parsed', async () => {
    const config = await loadSiteConfig(
      makeContent({
        'site.yaml': `${SITE}deploy:\n  targets:\n    - name: cn\n      url: s3://www-e-com?region=cn-shanghai&endpoint=https://oss-cn-shanghai.aliyuncs.com\n`,
      }),
    );
    expect(config.deployTargets).toEqual([
      {
        name: 'cn',
        bucket: 'www-e-com',
        region: 'cn-shanghai',
        endpoint: 'https://oss-cn-shanghai.aliyuncs.com',
        pathStyle: false,
        prefix: '',
      },
    ]);
    expect((await loadSiteConfig(makeContent({ 'site.yaml': SITE }))).deployTargets).toEqual([]);
  });

  it('names the field and line of a bad URL, a repeated name or a missing field', async () => {
    expect(await problemsOf('deploy:\n  targets:\n    - name: cn\n      url: s3://Bad_Bucket\n')).toEqual([
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        line: 10,
        message: expect.stringMatching(/^deploy\.targets\[0\]\.url: "Bad_Bucket" is not a bucket name/),
      }),
    ]);
    expect(await problemsOf('deploy:\n  targets:\n    - { name: a, url: "s3://one-b" }\n    - { name: a, url: "s3://two-b" }\n')).toEqual([
      expect.objectContaining({ line: 10, message: 'deploy.targets[1].name: the target name "a" is used twice.' }),
    ]);
    const missing = await problemsOf('deploy:\n  targets:\n    - name: cn\n');
    expect(missing[0]?.message).toMatch(/targets\[0\]\.url/);
  });
});
