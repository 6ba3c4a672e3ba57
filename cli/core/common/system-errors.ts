/**
 * System errors as catalogued problems (docs/errors.md): a folder that cannot be read, a
 * full disk, a busy or foreign address. Node reports them as `ErrnoException`s with a `code`, a `syscall`
 * and a path or address; they become one line saying what happened and what to do, never a stack trace.
 */
import { problem, type Code, type Problem } from './errors.ts';
import { displayPath } from './paths.ts';

/** An error from the operating system, as Node reports it. */
interface SystemError {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
  address?: string;
  port?: number;
  message: string;
}

const CODES: Readonly<Record<string, Code>> = {
  ENOENT: 'PATH_NOT_FOUND',
  ENOTDIR: 'PATH_NOT_FOUND',
  EACCES: 'PERMISSION_DENIED',
  EPERM: 'PERMISSION_DENIED',
  EROFS: 'PERMISSION_DENIED',
  ENOSPC: 'DISK_FULL',
  EDQUOT: 'DISK_FULL',
  EADDRINUSE: 'ADDRESS_IN_USE',
  EADDRNOTAVAIL: 'ADDRESS_UNAVAILABLE',
  ENOTFOUND: 'ADDRESS_UNAVAILABLE',
  EAI_AGAIN: 'ADDRESS_UNAVAILABLE',
};

/** What the system call was doing, for the message: `Cannot read content/zh`. */
const ACTIONS: Readonly<Record<string, string>> = {
  open: 'open',
  read: 'read',
  scandir: 'list the folder',
  opendir: 'list the folder',
  stat: 'look at',
  lstat: 'look at',
  mkdir: 'create the folder',
  mkdtemp: 'create a folder in',
  write: 'write',
  copyfile: 'copy',
  cp: 'copy',
  rename: 'move',
  rmdir: 'remove',
  rm: 'remove',
  unlink: 'remove',
  link: 'link',
  symlink: 'link',
  utime: 'touch',
  watch: 'watch',
};

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

function isSystemError(error: unknown): error is SystemError {
  const e = error as Partial<SystemError> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.code === 'string' &&
    /^E[A-Z0-9_]+$/.test(e.code) &&
    (typeof e.syscall === 'string' || typeof e.path === 'string')
  );
}

/** The problem a system error stands for, or undefined when `error` is not one (a bug, a SiteError). */
export function systemProblem(error: unknown): Problem | undefined {
  if (!isSystemError(error)) return undefined;
  const code = CODES[error.code] ?? 'SYSTEM_ERROR';
  const reason = REASONS[error.code] ?? error.code;
  if (error.syscall === 'listen' || error.syscall === 'bind' || error.syscall === 'getaddrinfo') {
    const where = error.port === undefined ? String(error.address ?? error.message) : `${error.address ?? ''}:${error.port}`;
    const why =
      error.code === 'EADDRINUSE'
        ? 'another program is listening there'
        : error.code === 'EACCES'
          ? 'ports below 1024 need special rights'
          : code === 'ADDRESS_UNAVAILABLE'
            ? 'it is not an address of this machine'
            : reason;
    return problem(code, `Cannot listen on ${where}: ${why}.`);
  }
  const action = ACTIONS[error.syscall ?? ''] ?? error.syscall ?? 'use';
  const path = error.path === undefined ? '' : ` ${displayPath(error.path) || '.'}`;
  const dest = error.dest === undefined ? '' : ` to ${displayPath(error.dest)}`;
  return problem(code, `Cannot ${action}${path}${dest}: ${reason}.`);
}
