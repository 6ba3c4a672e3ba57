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

describe('classifyFailure, case by case', () => {
  it.each([
    [{ name: 'ExpiredToken', status: 400 }, 'DEPLOY_ACCESS_DENIED'],
    [{ name: 'SomethingElse', status: 403 }, 'DEPLOY_ACCESS_DENIED'],
    [{ name: 'Unauthorized', status: 401 }, 'DEPLOY_ACCESS_DENIED'],
    [{ name: 'TimeoutError' }, 'DEPLOY_NETWORK'],
    [{ name: 'RequestTimeout', status: 400 }, 'DEPLOY_NETWORK'],
    [{ name: 'InternalError', status: 500 }, 'DEPLOY_NETWORK'],
    [{ name: 'BadGateway', status: 502 }, 'DEPLOY_NETWORK'],
    [{ name: 'TooManyRequests', status: 429 }, 'DEPLOY_NETWORK'],
    [{ name: 'Error', errno: 'ECONNRESET' }, 'DEPLOY_NETWORK'],
    [{ name: 'Error', errno: 'EACCES' }, 'DEPLOY_FAILED'],
    [{ name: 'InvalidArgument', status: 400 }, 'DEPLOY_FAILED'],
    [{ name: 'PreconditionFailed', status: 412 }, 'DEPLOY_FAILED'],
    [{}, 'DEPLOY_FAILED'],
  ] as const)('%o is %s', (facts, code) => {
    expect(classifyFailure(facts).code).toBe(code);
  });

  it('describes the failure by what is known of it, each part once', () => {
    expect(classifyFailure({}).detail).toBe('unknown error');
    expect(classifyFailure({ errno: 'ECONNRESET' }).detail).toBe('ECONNRESET');
    expect(classifyFailure({ name: 'ECONNRESET', errno: 'ECONNRESET' }).detail).toBe('ECONNRESET');
    expect(classifyFailure({ name: 'Error', status: 500, errno: 'EPIPE' }).detail).toBe('Error, HTTP 500, EPIPE');
  });
});

describe('factsOf, whatever was thrown', () => {
  it('knows nothing of a value that is no object', () => {
    for (const thrown of [null, undefined, 'AccessDenied', 403]) expect(factsOf(thrown)).toStrictEqual({});
  });

  it('takes only facts of the right type, and the system code of the cause when the error has none', () => {
    expect(factsOf({})).toStrictEqual({});
    expect(factsOf({ name: 7, code: 42, $metadata: { httpStatusCode: '403' }, cause: null })).toStrictEqual({});
    expect(factsOf({ code: 42, cause: { code: 'ECONNRESET' } })).toStrictEqual({ errno: 'ECONNRESET' });
    expect(factsOf({ cause: { code: 7 } })).toStrictEqual({});
    expect(factsOf({ code: 'EPIPE', cause: { code: 'ECONNRESET' } })).toStrictEqual({ errno: 'EPIPE' });
  });
});
