/**
 * What a failed storage request means for the user: one catalogued code per kind of failure (docs/deploy.md,
 * "Errors"). Only the error's name, HTTP status and system error code are looked at and shown, never the
 * request: a message built from it could carry a signature or a credential.
 */
import type { Code } from '../common/errors.ts';

/** The parts of an SDK or network error that classify it. */
export interface FailureFacts {
  name?: string;
  status?: number;
  /** A system error code (ECONNREFUSED, ENOTFOUND, ...). */
  errno?: string;
}

/** A classified failure: its code and a short description without secrets (`AccessDenied, HTTP 403`). */
export interface Failure {
  code: Code;
  detail: string;
}

const DENIED: ReadonlySet<string> = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'AllAccessDisabled',
  'Forbidden',
]);
const NETWORK: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

/** Picks the facts out of whatever was thrown. */
export function factsOf(error: unknown): FailureFacts {
  if (typeof error !== 'object' || error === null) return {};
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: unknown }; cause?: unknown };
  const status = typeof e.$metadata?.httpStatusCode === 'number' ? e.$metadata.httpStatusCode : undefined;
  const own = typeof e.code === 'string' ? e.code : undefined;
  const cause = typeof e.cause === 'object' && e.cause !== null ? (e.cause as { code?: unknown }).code : undefined;
  const errno = own ?? (typeof cause === 'string' ? cause : undefined);
  return {
    ...(typeof e.name === 'string' ? { name: e.name } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(errno ? { errno } : {}),
  };
}

/** Classifies a failed request. */
export function classifyFailure(facts: FailureFacts): Failure {
  const parts = [
    facts.name,
    facts.status ? `HTTP ${facts.status}` : undefined,
    facts.errno && facts.errno !== facts.name ? facts.errno : undefined,
  ];
  const detail = parts.filter(Boolean).join(', ') || 'unknown error';
  if (facts.name === 'CredentialsProviderError') return { code: 'DEPLOY_NO_CREDENTIALS', detail };
  if (facts.name === 'NoSuchBucket') return { code: 'DEPLOY_NO_BUCKET', detail };
  if ((facts.name && DENIED.has(facts.name)) || facts.status === 403 || facts.status === 401)
    return { code: 'DEPLOY_ACCESS_DENIED', detail };
  if (
    (facts.errno && NETWORK.has(facts.errno)) ||
    facts.name === 'TimeoutError' ||
    facts.name === 'RequestTimeout' ||
    (facts.status !== undefined && facts.status >= 500) ||
    facts.status === 429 ||
    facts.status === 503
  ) {
    return { code: 'DEPLOY_NETWORK', detail };
  }
  return { code: 'DEPLOY_FAILED', detail };
}
