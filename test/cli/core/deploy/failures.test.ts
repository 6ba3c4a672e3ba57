import { describe, expect, it } from 'vitest';
import { classifyFailure, factsOf } from '../../../../cli/core/deploy/failures.ts';

describe('classifyFailure', () => {
  it('gives each kind of storage failure its catalogued code', () => {
    expect(classifyFailure({ name: 'CredentialsProviderError' }).code).toBe('DEPLOY_NO_CREDENTIALS');
    expect(classifyFailure({ name: 'NoSuchBucket', status: 404 }).code).toBe('DEPLOY_NO_BUCKET');
    expect(classifyFailure({ name: 'SignatureDoesNotMatch', status: 403 }).code).toBe('DEPLOY_ACCESS_DENIED');
    expect(classifyFailure({ name: 'InvalidAccessKeyId', status: 403 }).code).toBe('DEPLOY_ACCESS_DENIED');
    expect(classifyFailure({ name: 'Error', errno: 'ECONNREFUSED' }).code).toBe('DEPLOY_NETWORK');
    expect(classifyFailure({ name: 'SlowDown', status: 503 }).code).toBe('DEPLOY_NETWORK');
    expect(classifyFailure({ name: 'EntityTooLarge', status: 400 })).toEqual({ code: 'DEPLOY_FAILED', detail: 'EntityTooLarge, HTTP 400' });
  });

  it("reads only an error's name, status and system code, never its message", () => {
    const error = Object.assign(new Error('signature for secret XYZ'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect(factsOf(error)).toEqual({ name: 'AccessDenied', status: 403 });
    expect(classifyFailure(factsOf(error)).detail).toBe('AccessDenied, HTTP 403');
    expect(factsOf(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } }))).toEqual({
      name: 'TypeError',
      errno: 'ENOTFOUND',
    });
  });
});
