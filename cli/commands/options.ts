/**
 * Parsers of option values, for commander's `argParser`: a value they refuse is a commander error, which
 * the error boundary in cli/index.ts prints as a `USAGE` problem (exit 2) before anything is built,
 * naming the option, the value and what is allowed.
 */
import { isIP } from 'node:net';
import { InvalidArgumentError } from 'commander';
import { BASE_URL_HINT, isBaseUrl } from '../core/load/config.ts';
import { BASE_PATH_HINT, basePathProblem, previewNameProblem } from '../core/common/base-path.ts';

/** The formats of `build --report`. */
export const REPORT_FORMATS = ['text', 'json'] as const;

/** `--base-url`: the rule of site.yaml's `baseUrl` (cli/core/load/config.ts `isBaseUrl`), which it overrides. */
export function parseBaseUrl(value: string): string {
  if (!isBaseUrl(value)) throw new InvalidArgumentError(`Expected ${BASE_URL_HINT} (the rule of site.yaml's baseUrl).`);
  return value;
}

/** `--base-path`: the rule of site.yaml's `basePath` (cli/core/common/base-path.ts), which it overrides. */
export function parseBasePath(value: string): string {
  const why = basePathProblem(value);
  if (why !== undefined) throw new InvalidArgumentError(`${why} Expected ${BASE_PATH_HINT} (the rule of site.yaml's basePath).`);
  return value;
}

/** `deploy --preview` and `--delete-preview`: a preview's name (cli/core/deploy/preview.ts). */
export function parsePreviewName(value: string): string {
  const why = previewNameProblem(value);
  if (why !== undefined) throw new InvalidArgumentError(why);
  return value;
}

/** A host name as RFC 1123 allows it: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * `watch --host`: an IPv4 or IPv6 address or a host name. Whether this machine has that address is found
 * out when listening (ADDRESS_UNAVAILABLE, a system error).
 */
export function parseHost(value: string): string {
  if (isIP(value) === 0 && !HOST_NAME.test(value)) {
    throw new InvalidArgumentError(
      'Expected an IP address or a host name, e.g. 127.0.0.1 (local), 0.0.0.0 (all addresses), :: or localhost.',
    );
  }
  return value;
}

/** `deploy --max-deletes`: a whole number from 0 up. */
export function parseMaxDeletes(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Expected a whole number from 0 up, e.g. --max-deletes 500.');
  return Number(value);
}
