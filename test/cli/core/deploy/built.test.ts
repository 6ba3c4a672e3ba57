/** cli/core/deploy/built.ts: only the complete output of a successful build, byte for byte, is deployable. */
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFiles } from '../../../../cli/core/deploy/built.ts';
import { MARKER } from '../../../../cli/core/write/output.ts';
import { builtOutput as built, md5Hex as md5 } from '../../../helpers/built-output.ts';
import { tempDir } from '../../../helpers/temp.ts';

/** The message of the DEPLOY_NOT_BUILT refusal `run` ends with. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error = (await run.then(
    () => undefined,
    (e: unknown) => e,
  )) as { problems?: { code: string; message: string }[] } | undefined;
  expect(error?.problems?.map((p) => p.code)).toEqual(['DEPLOY_NOT_BUILT']);
  return error?.problems?.[0]?.message ?? '';
}

const SITE = {
  'index.html': '<a href="/DROC">DROC</a><img src="/images/a.png">',
  'DROC.html': '<a href="/">home</a>',
  'en/index.html': '<a href="/en/DROC">x</a>',
  'images/a.png': 'png',
};

describe('builtFiles', () => {
  it('lists every recorded file with its MD5 and size, sorted, the links of pages only, without the marker', async () => {
    const { out, cache } = await built(SITE);
    expect(await builtFiles(out, cache)).toEqual([
      { file: 'DROC.html', md5: md5(SITE['DROC.html']), size: SITE['DROC.html'].length, links: ['index.html'] },
      { file: 'en/index.html', md5: md5(SITE['en/index.html']), size: SITE['en/index.html'].length, links: ['en/DROC'] },
      { file: 'images/a.png', md5: md5('png'), size: 3 },
      { file: 'index.html', md5: md5(SITE['index.html']), size: SITE['index.html'].length, links: ['DROC', 'images/a.png'] },
    ]);
  });

  it('refuses a folder that is missing, empty or without the marker, or that no build recorded', async () => {
    const root = tempDir();
    expect(await refusal(builtFiles(join(root, 'none'), join(root, 'cache')))).toMatch(/is empty or missing\.$/);
    const { out, cache } = await built(SITE);
    rmSync(join(out, MARKER));
    expect(await refusal(builtFiles(out, cache))).toMatch(/: it has no \.ecom-site marker, which every build leaves\.$/);
    const other = await built(SITE);
    expect(await refusal(builtFiles(other.out, join(root, 'empty-cache')))).toMatch(
      /this checkout has no record of building it \(.*\/builds\/\)\.$/,
    );
  });

  it('names files added, removed and edited since the build, five of each at most', async () => {
    const { out, cache } = await built(SITE);
    for (let i = 1; i <= 7; i += 1) writeFileSync(join(out, `extra${i}.html`), 'x');
    rmSync(join(out, 'images', 'a.png'));
    writeFileSync(join(out, 'DROC.html'), SITE['DROC.html'].toUpperCase());
    const message = await refusal(builtFiles(out, cache));
    expect(message).toMatch(/is not the complete output of a successful build: /);
    expect(message).toContain(
      'not written by the build: extra1.html, extra2.html, extra3.html, extra4.html, extra5.html and 2 more; missing: images/a.png; changed since the build: DROC.html.',
    );
  });

  it('tells an edit that keeps the size by its bytes', async () => {
    const { out, cache } = await built(SITE);
    writeFileSync(join(out, 'images', 'a.png'), 'PNG');
    expect(await refusal(builtFiles(out, cache))).toMatch(/: changed since the build: images\/a\.png\.$/);
  });

  it('refuses a symbolic link anywhere, even to a file of the build', async () => {
    const { out, cache } = await built(SITE);
    symlinkSync(join(out, 'DROC.html'), join(out, 'images', 'link.html'));
    expect(await refusal(builtFiles(out, cache))).toMatch(/it holds symbolic links, which no build writes: images\/link\.html\.$/);
  });

  it('stops hashing when its signal is aborted', async () => {
    const { out, cache } = await built(SITE);
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(builtFiles(out, cache, controller.signal)).rejects.toThrow('stopped');
  });
});
