/**
 * The version cache: what is known of source pages already read (cli/core/l10n/status.ts `SourceCache`), so
 * that an unchanged source is not parsed again. One per build, seeded with the versions the last build of
 * the same output kept; `watch` keeps its first build's across its rebuilds. Passed where it is used, never
 * held by a module.
 */
import type { SourceCache } from './status.ts';

/** A source's content hash and the version of its blocks, as the build cache keeps them. */
export type KnownVersions = Record<string, { hash: string; version: string }>;

/** A version cache holding the versions an earlier build kept (`knownVersions` of that build). */
export function versionCache(kept: Readonly<KnownVersions> = {}): SourceCache {
  return new Map(Object.entries(kept).map(([file, known]) => [file, { ...known }]));
}

/** The versions `cache` knows of `sources` as they are now, by file, for the build cache to keep. */
export function knownVersions(cache: SourceCache, sources: ReadonlyArray<{ file: string; hash: string }>): KnownVersions {
  const versions: KnownVersions = {};
  for (const source of sources) {
    const known = cache.get(source.file);
    if (known?.hash === source.hash) versions[source.file] = { hash: known.hash, version: known.version };
  }
  return versions;
}
