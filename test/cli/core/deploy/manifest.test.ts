import { describe, expect, it } from 'vitest';
import { manifestKey, parseManifest, serializeManifest } from '../../../../cli/core/deploy/manifest.ts';

describe('the deploy manifest', () => {
  const manifest = {
    version: 1 as const,
    files: {
      b: { md5: '2', contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
      a: { md5: '1', contentType: 'image/png', cacheControl: 'no-cache' },
    },
    kept: ['assets/z.aaaaaaaaaa.js', 'assets/y.bbbbbbbbbb.js'],
  };

  it('is stored as the same bytes for the same deploy, and read back', () => {
    const text = serializeManifest(manifest);
    expect(text).toBe(
      serializeManifest({ ...manifest, files: { a: manifest.files.a, b: manifest.files.b }, kept: [...manifest.kept].reverse() }),
    );
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    expect(parseManifest(text)).toEqual({ ...manifest, kept: [...manifest.kept].sort() });
  });

  it('treats a missing or damaged manifest as none', () => {
    expect(parseManifest(undefined)).toBeUndefined();
    expect(parseManifest('{"version":1')).toBeUndefined();
    expect(parseManifest('{"version":2,"files":{},"kept":[]}')).toBeUndefined();
  });

  it('lives in the control folder under the prefix', () => {
    expect(manifestKey('')).toBe('.ecom-site/manifest.json');
    expect(manifestKey('site/')).toBe('site/.ecom-site/manifest.json');
  });

  it("keeps the ETag of a multipart upload, a moved page's redirect and the drop time of each kept key", () => {
    const full = {
      version: 1 as const,
      files: {
        'files/big.mp4': { md5: 'm', contentType: 'video/mp4', cacheControl: 'no-cache', etag: 'abc-3' },
        'old/DROC': { md5: 'o', contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache', redirect: '/DROC' },
      },
      kept: ['assets/y.bbbbbbbbbb.js'],
      dropped: { 'assets/y.bbbbbbbbbb.js': '2026-01-02T03:04:05.000Z', 'assets/gone.cccccccccc.js': '2026-01-01T00:00:00.000Z' },
    };
    const text = serializeManifest(full);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      files: full.files,
      kept: full.kept,
      // A drop time is kept only with a key still kept.
      dropped: { 'assets/y.bbbbbbbbbb.js': '2026-01-02T03:04:05.000Z' },
    });
    expect(parseManifest(text)).toStrictEqual({ ...full, dropped: { 'assets/y.bbbbbbbbbb.js': '2026-01-02T03:04:05.000Z' } });
  });

  it('writes no etag, redirect or dropped where there is none, and reads none back', () => {
    const text = serializeManifest({ ...manifest, dropped: {} });
    expect(text).not.toMatch(/etag|redirect|dropped/);
    expect(parseManifest(text)).toStrictEqual({ ...manifest, kept: [...manifest.kept].sort() });
  });

  it('reads a manifest with damaged parts as far as it is sound: entries without an MD5 and its headers are left out', () => {
    const text = JSON.stringify({
      version: 1,
      files: {
        good: { md5: '1', contentType: 'image/png', cacheControl: 'no-cache', etag: 7, redirect: null },
        'no-md5': { contentType: 'image/png', cacheControl: 'no-cache' },
        'no-type': { md5: '2', cacheControl: 'no-cache' },
        'no-cache': { md5: '3', contentType: 'image/png' },
      },
      kept: ['a', 3, null, 'b'],
      dropped: { a: '2026-01-01T00:00:00.000Z', b: 5 },
    });
    expect(parseManifest(text)).toStrictEqual({
      version: 1,
      files: { good: { md5: '1', contentType: 'image/png', cacheControl: 'no-cache' } },
      kept: ['a', 'b'],
      dropped: { a: '2026-01-01T00:00:00.000Z' },
    });
    for (const dropped of [null, 'yesterday', 5])
      expect(parseManifest(JSON.stringify({ version: 1, files: {}, kept: [], dropped }))).toStrictEqual({
        version: 1,
        files: {},
        kept: [],
      });
  });

  it('treats a manifest without its files or its list of kept keys as none', () => {
    for (const data of [
      { version: 1, kept: [] },
      { version: 1, files: null, kept: [] },
      { version: 1, files: 'a', kept: [] },
      { version: 1, files: {} },
      { version: 1, files: {}, kept: 'a' },
      { files: {}, kept: [] },
    ])
      expect(parseManifest(JSON.stringify(data)), JSON.stringify(data)).toBeUndefined();
    expect(parseManifest('')).toBeUndefined();
    expect(parseManifest('null')).toBeUndefined();
  });
});
