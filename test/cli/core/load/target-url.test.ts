import { describe, expect, it } from 'vitest';
import { formatTargetUrl, parseTargetUrl } from '../../../../cli/core/load/target-url.ts';

describe('parseTargetUrl', () => {
  it("reads Hugo's and gocloud's options", () => {
    expect(parseTargetUrl('s3://www-e-com?region=cn-shanghai&endpoint=https://oss-cn-shanghai.aliyuncs.com')).toEqual({
      target: {
        bucket: 'www-e-com',
        region: 'cn-shanghai',
        endpoint: 'https://oss-cn-shanghai.aliyuncs.com',
        pathStyle: false,
        prefix: '',
      },
    });
    expect(parseTargetUrl('s3://site?endpoint=http://127.0.0.1:7480&use_path_style=true&prefix=v1/www').target).toEqual({
      bucket: 'site',
      endpoint: 'http://127.0.0.1:7480',
      pathStyle: true,
      prefix: 'v1/www/',
    });
    expect(parseTargetUrl('s3://my.bucket?s3ForcePathStyle=true&awssdk=v2&profile=deploy').target).toMatchObject({
      pathStyle: true,
      profile: 'deploy',
    });
    expect(parseTargetUrl('s3://my-bucket/').target?.bucket).toBe('my-bucket');
  });

  it('refuses what is not a target, saying what is allowed', () => {
    expect(parseTargetUrl('https://bucket').error).toMatch(/starts with s3:\/\//);
    expect(parseTargetUrl('s3://My_Bucket').error).toMatch(/not a bucket name/);
    expect(parseTargetUrl('s3://bucket/site').error).toMatch(/prefix option/);
    expect(parseTargetUrl('s3://bucket?regoin=eu').error).toMatch(/unknown option "regoin"; the options are region, endpoint/);
    expect(parseTargetUrl('s3://bucket?use_path_style=yes').error).toMatch(/true or false/);
    expect(parseTargetUrl('s3://bucket?endpoint=oss.example.com').error).toMatch(/endpoint must be an http\(s\) URL/);
    expect(parseTargetUrl('s3://bucket?prefix=a/../b').error).toMatch(/without empty, "." or ".." parts/);
    expect(parseTargetUrl('s3://bucket?region=eu&region=us').error).toMatch(/given twice/);
  });

  it('never echoes credentials written into the URL', () => {
    const result = parseTargetUrl('s3://AKIAEXAMPLE:very-secret-value@bucket');
    expect(result.error).toMatch(/credentials never go in the target URL/);
    expect(result.error).not.toContain('very-secret-value');
    expect(parseTargetUrl('s3://bucket?endpoint=https://user:very-secret-value@host').error).not.toContain('very-secret-value');
  });

  it('formats a target back to its canonical URL', () => {
    const parsed = parseTargetUrl('s3://site?prefix=www&use_path_style=true&endpoint=http://127.0.0.1:7480&region=us-east-1');
    expect(formatTargetUrl(parsed.target as NonNullable<typeof parsed.target>)).toBe(
      's3://site?region=us-east-1&endpoint=http%3A%2F%2F127.0.0.1%3A7480&use_path_style=true&prefix=www%2F',
    );
  });
});
