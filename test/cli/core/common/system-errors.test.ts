import { describe, expect, it } from 'vitest';
import { systemProblem } from '../../../../cli/core/common/system-errors.ts';

/** An error shaped the way Node reports a failed system call. */
function systemError(code: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(`${code}: something`), { code, ...fields });
}

describe('systemProblem', () => {
  it('names the folder that cannot be read', () => {
    expect(systemProblem(systemError('EACCES', { syscall: 'scandir', path: '/srv/content/zh' }))).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Cannot list the folder /srv/content/zh: permission denied.',
    });
    expect(systemProblem(systemError('EPERM', { syscall: 'open', path: '/srv/x.md' }))?.code).toBe('PERMISSION_DENIED');
  });

  it('says when the disk is full', () => {
    expect(systemProblem(systemError('ENOSPC', { syscall: 'write' }))).toEqual({
      code: 'DISK_FULL',
      message: 'Cannot write: no space left on the device.',
    });
  });

  it('names the address a server cannot listen on, and why', () => {
    expect(systemProblem(systemError('EADDRINUSE', { syscall: 'listen', address: '127.0.0.1', port: 4000 }))).toEqual({
      code: 'ADDRESS_IN_USE',
      message: 'Cannot listen on 127.0.0.1:4000: another program is listening there.',
    });
    expect(systemProblem(systemError('EADDRNOTAVAIL', { syscall: 'listen', address: '203.0.113.7', port: 4000 }))?.code).toBe(
      'ADDRESS_UNAVAILABLE',
    );
    expect(systemProblem(systemError('EACCES', { syscall: 'listen', address: '0.0.0.0', port: 80 }))).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Cannot listen on 0.0.0.0:80: ports below 1024 need special rights.',
    });
  });

  it('keeps other system errors as SYSTEM_ERROR with their code', () => {
    expect(systemProblem(systemError('EMFILE', { syscall: 'open', path: '/x' }))).toEqual({
      code: 'SYSTEM_ERROR',
      message: 'Cannot open /x: too many open files.',
    });
  });

  it('is undefined for anything that is not a system error (a bug)', () => {
    expect(systemProblem(new TypeError('x is not a function'))).toBeUndefined();
    expect(systemProblem('text')).toBeUndefined();
  });
});
