/**
 * Moved pages and the removed-page guard on a real S3 server, Ceph's radosgw on 127.0.0.1 (the run's
 * shared cluster, test/helpers/shared-ceph.ts)
 * (docs/deploy.md, "Moved pages"): a page renamed without an alias is refused with nothing changed; with
 * an alias, the old key is an object with `x-amz-website-redirect-location` and the redirect page as its
 * body, and the new page is live; `--allow-removed` drops a page on purpose.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CephGateway, cliCredentials } from '../../helpers/ceph.ts';
import { type CliResult, makeContent, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { sharedCephClient } from '../../helpers/shared-ceph.ts';

let ceph: CephGateway;
let s3: S3Client;

const page = (title: string, extra = ''): string => `---\ntitle: ${title}\ndescription: d\nkeywords: k\n${extra}---\n\nText.\n`;

const credentials = (): NodeJS.ProcessEnv => cliCredentials(ceph);

const urlOf = (bucket: string): string => `s3://${bucket}?region=us-east-1&endpoint=${ceph.endpoint}&use_path_style=true&prefix=site/`;

async function build(content: string, out: string): Promise<CliResult> {
  const result = await runCli(['build', '--content', content, '--out', out, '--quiet']);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

const deploy = (out: string, bucket: string, args: string[] = []): Promise<CliResult> =>
  runCli(['deploy', '--out', out, '--to', urlOf(bucket), ...args], ROOT, credentials());

/** Every object of the bucket: key to ETag. */
async function listing(bucket: string): Promise<Record<string, string>> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return Object.fromEntries((page.Contents ?? []).map((o) => [o.Key as string, o.ETag as string]));
}

beforeAll(async () => {
  ({ ceph, s3 } = await sharedCephClient());
}, 300_000);

afterAll(() => {
  s3?.destroy();
});

describe('renaming a published page', () => {
  it('is refused without an alias, changing nothing; with one, the old key redirects and the new page is live', async () => {
    const bucket = `moved-${Date.now().toString(36)}`;
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const content = makeContent({
      'zh/DMOC.md': page('DMOC'),
      'en/DMOC.md': page('DMOC'),
      'zh/Other.md': page('其他'),
      'en/Other.md': page('Other'),
    });
    const out = join(tempDir(), 'dist');
    await build(content, out);
    const first = await deploy(out, bucket);
    expect(first.code, first.stderr).toBe(0);
    const published = await listing(bucket);
    expect(Object.keys(published)).toEqual(expect.arrayContaining(['site/DMOC', 'site/en/DMOC', 'site/Other']));
    expect(Object.keys(published).some((key) => key.includes('redirects.nginx'))).toBe(false);

    // Renamed without an alias: the build warns, the deploy refuses and changes nothing.
    for (const locale of ['zh', 'en']) {
      rmSync(join(content, locale, 'DMOC.md'));
      writeFileSync(join(content, locale, 'Mobile.md'), page('Mobile'));
    }
    const warned = await runCli(['build', '--content', content, '--out', out]);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toMatch(/PAGE_REMOVED\s+\/DMOC was published by the previous build/);
    const dry = await deploy(out, bucket, ['--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('DEPLOY_PAGES_REMOVED');
    const refused = await deploy(out, bucket);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'DEPLOY_PAGES_REMOVED  The deploy would delete 2 live page(s) with no alias or redirect for their address: /DMOC, /en/DMOC. Nothing was uploaded or deleted.',
    );
    expect(refused.stderr).toContain('--allow-removed');
    expect(await listing(bucket)).toEqual(published);

    // With the alias: the old keys answer with their redirect, the new pages are live.
    for (const locale of ['zh', 'en'])
      writeFileSync(join(content, locale, 'Mobile.md'), page('Mobile', locale === 'zh' ? 'aliases: [/DMOC]\n' : ''));
    await build(content, out);
    const moved = await deploy(out, bucket);
    expect(moved.code, moved.stderr).toBe(0);
    for (const [key, location] of [
      ['site/DMOC', '/Mobile'],
      ['site/en/DMOC', '/en/Mobile'],
    ]) {
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect([key, head.WebsiteRedirectLocation, head.ContentType]).toEqual([key, location, 'text/html; charset=utf-8']);
      const body = await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString('utf8');
      expect(body).toContain(`<meta http-equiv="refresh" content="0; url=${location}">`);
    }
    const live = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'site/Mobile' }));
    expect(live.WebsiteRedirectLocation).toBeUndefined();
    const manifest = await (
      await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'site/.ecom-site/manifest.json' }))
    ).Body?.transformToString('utf8');
    expect(JSON.parse(manifest ?? '{}').files['site/DMOC'].redirect).toBe('/Mobile');

    // A page removed on purpose: refused, then dropped with --allow-removed.
    for (const locale of ['zh', 'en']) rmSync(join(content, locale, 'Other.md'));
    await build(content, out);
    expect((await deploy(out, bucket)).code).toBe(1);
    const dropped = await deploy(out, bucket, ['--allow-removed']);
    expect(dropped.code, dropped.stderr).toBe(0);
    const after = await listing(bucket);
    expect(Object.keys(after)).not.toContain('site/Other');
    expect(Object.keys(after)).toEqual(expect.arrayContaining(['site/DMOC', 'site/Mobile', 'site/en/DMOC']));
  }, 300_000);
});
