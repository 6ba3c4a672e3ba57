/**
 * Edges of cli/core/common/system-errors.ts the other tests leave out, found by a mutation run (docs/testing.md,
 * "Mutation testing"): system errors, and values that are not ones.
 */
import { describe, expect, it } from 'vitest';
import { systemProblem } from '../../../../cli/core/common/system-errors.ts';

describe('system errors', () => {
  const error = (fields: Record<string, unknown>): Error => Object.assign(new Error('boom'), fields);

  it('are only errors with an E-code and a system call or path', () => {
    for (const value of [
      null,
      undefined,
      'ENOENT',
      { code: 'ENOENT' },
      error({ code: 'ENOENT' }),
      error({ code: 7, syscall: 'open' }),
      error({ code: 'enoent', syscall: 'open' }),
      error({ code: 'XENOENT', syscall: 'open' }),
      error({ code: 'ENOENT!', syscall: 'open' }),
      error({ code: 'ENOENT', syscall: 7, path: 7 }),
    ])
      expect(systemProblem(value), JSON.stringify(value)).toBeUndefined();
  });

  it('say what was done to which path, with a path alone, a destination, or neither', () => {
    expect(systemProblem(error({ code: 'ENOENT', path: '/srv/x.md' }))?.message).toBe('Cannot use /srv/x.md: it does not exist.');
    expect(systemProblem(error({ code: 'ENOENT', syscall: 'scandir', path: '' }))?.message).toBe(
      'Cannot list the folder .: it does not exist.',
    );
    expect(systemProblem(error({ code: 'EXDEV', syscall: 'rename', path: '/a', dest: '/b' }))).toEqual({
      code: 'SYSTEM_ERROR',
      message: 'Cannot move /a to /b: EXDEV.',
    });
    expect(systemProblem(error({ code: 'EIO', syscall: 'fsync' }))?.message).toBe('Cannot fsync: input/output error.');
  });

  it('name the address a server cannot bind or resolve, and why', () => {
    expect(systemProblem(error({ code: 'EACCES', syscall: 'listen', address: '127.0.0.1', port: 80 }))).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Cannot listen on 127.0.0.1:80: ports below 1024 need special rights.',
    });
    expect(systemProblem(error({ code: 'EADDRNOTAVAIL', syscall: 'bind', port: 4000 }))?.message).toBe(
      'Cannot listen on :4000: it is not an address of this machine.',
    );
    expect(systemProblem(error({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'nowhere.test' }))).toEqual({
      code: 'ADDRESS_UNAVAILABLE',
      message: 'Cannot listen on boom: it is not an address of this machine.',
    });
    expect(systemProblem(error({ code: 'EINVAL', syscall: 'listen', address: '::1', port: 4000 }))?.message).toBe(
      'Cannot listen on ::1:4000: EINVAL.',
    );
  });
});
