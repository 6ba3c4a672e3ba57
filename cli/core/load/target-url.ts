/**
 * The deploy target URL (docs/deploy.md, "Target URL"): `s3://BUCKET?region=R&endpoint=URL&use_path_style=true&prefix=P`,
 * with the option names of Hugo's deploy targets and gocloud, so a Hugo user's URL works unchanged. It is
 * read where site.yaml is checked (`deploy.targets[].url`) and for `deploy --to`, by this one function.
 */

/** Where a deploy goes: one bucket, optionally under a key prefix, on AWS or any S3-compatible service. */
export interface TargetUrl {
  bucket: string;
  /** The region, when the URL names one. */
  region?: string;
  /** An S3-compatible service's endpoint (`https://oss-cn-shanghai.aliyuncs.com`); AWS's when absent. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`: Ceph, MinIO) instead of virtual-hosted (`bucket.endpoint/key`). */
  pathStyle: boolean;
  /** Prepended to every key: empty, or ending with "/". */
  prefix: string;
  /** A named profile of the AWS configuration files, for the credentials. */
  profile?: string;
}

/** The query options understood; `awssdk` (gocloud's SDK choice) is accepted and has no effect here. */
export const TARGET_OPTIONS = ['region', 'endpoint', 'use_path_style', 's3ForcePathStyle', 'prefix', 'profile', 'awssdk'] as const;

/** S3's bucket naming rule, which OSS and COS follow too: 3-63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]*$/;

/** What parsing a target URL gives: the target, or a message saying what is wrong (never echoing credentials). */
export type ParsedTarget = { target: TargetUrl; error?: undefined } | { target?: undefined; error: string };

/** Parses a target URL; the message of a refused one names the part at fault and what is allowed. */
export function parseTargetUrl(text: string): ParsedTarget {
  const fail = (error: string): ParsedTarget => ({ error });
  if (!text.startsWith('s3://')) return fail('a target URL starts with s3:// (e.g. s3://my-bucket?region=eu-west-1).');
  // The host part is the bucket; split it off by hand, since URL parsing would lower-case it silently.
  const rest = text.slice('s3://'.length);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? '' : rest.slice(end);
  if (authority.includes('@')) {
    return fail(
      'credentials never go in the target URL; set them in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or a profile.',
    );
  }
  if (!BUCKET.test(authority)) {
    return fail(
      `"${authority}" is not a bucket name: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit.`,
    );
  }
  if (tail.startsWith('#')) return fail('a target URL has no #fragment.');
  if (tail.startsWith('/') && !/^\/?(\?|$)/.test(tail)) {
    return fail('keys under a folder of the bucket are chosen with the prefix option (s3://BUCKET?prefix=site/), not a path.');
  }
  const query = tail.replace(/^\//, '').replace(/^\?/, '');
  const params = new URLSearchParams(query);
  const target: TargetUrl = { bucket: authority, pathStyle: false, prefix: '' };
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!(TARGET_OPTIONS as readonly string[]).includes(name)) {
      return fail(`unknown option "${name}"; the options are ${TARGET_OPTIONS.filter((o) => o !== 'awssdk').join(', ')}.`);
    }
    if (seen.has(name)) return fail(`the option "${name}" is given twice.`);
    seen.add(name);
    if (name === 'region') {
      if (!REGION.test(value)) return fail(`region "${value}" is not a region name such as eu-west-1 or cn-shanghai.`);
      target.region = value;
    } else if (name === 'endpoint') {
      if (!/^https?:\/\/[^\s/?#@]+\/?$/.test(value) || !URL.canParse(value)) {
        return fail('endpoint must be an http(s) URL of a host, without path or credentials, e.g. https://oss-cn-shanghai.aliyuncs.com.');
      }
      target.endpoint = value.replace(/\/$/, '');
    } else if (name === 'use_path_style' || name === 's3ForcePathStyle') {
      if (value !== 'true' && value !== 'false') return fail(`${name} is true or false, found "${value}".`);
      target.pathStyle = value === 'true';
    } else if (name === 'prefix') {
      const prefix = value.replace(/^\/+/, '');
      if (prefix.split('/').some((part, i, all) => (part === '' && i < all.length - 1) || part === '.' || part === '..')) {
        return fail(`prefix "${value}" must be folder names separated by "/", without empty, "." or ".." parts, e.g. site/.`);
      }
      target.prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
    } else if (name === 'profile') {
      if (value === '') return fail('profile names a profile of ~/.aws/config, e.g. profile=deploy.');
      target.profile = value;
    }
  }
  return { target };
}

/** A target URL as it may be shown: the parsed parts, in the canonical order (no credentials can be in it). */
export function formatTargetUrl(target: TargetUrl): string {
  const params = new URLSearchParams();
  if (target.region) params.set('region', target.region);
  if (target.endpoint) params.set('endpoint', target.endpoint);
  if (target.pathStyle) params.set('use_path_style', 'true');
  if (target.prefix) params.set('prefix', target.prefix);
  if (target.profile) params.set('profile', target.profile);
  const query = params.toString();
  return `s3://${target.bucket}${query ? `?${query}` : ''}`;
}
