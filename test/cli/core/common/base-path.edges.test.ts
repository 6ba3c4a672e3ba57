/**
 * Edges of cli/core/common/base-path.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): the asset prefix.
 */
import { describe, expect, it } from 'vitest';
import { assetPrefix } from '../../../../cli/core/common/base-path.ts';

describe('asset prefix', () => {
  it('keeps an http or https CDN as it is, and puts any other value under the base path', () => {
    expect(assetPrefix('/p/', 'http://cdn.test')).toBe('http://cdn.test');
    expect(assetPrefix('/p/', 'https://cdn.test')).toBe('https://cdn.test');
    expect(assetPrefix('/p/', '/static/https://x')).toBe('/p/static/https://x');
  });
});
