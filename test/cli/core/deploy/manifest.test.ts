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
});
