/**
 * The manifest object a deploy leaves in the bucket (docs/deploy.md, "Manifest"): the MD5 and headers of
 * every key it uploaded, and the superseded content-hashed files it keeps for a while. Comparing
 * with it notices a changed header (a new Cache-Control rule) that an ETag cannot show, and it tells the
 * next deploy which old assets have had their extra deploy. Written after every upload and before any
 * delete; it is JSON with sorted keys and no date but the time each kept file was first dropped, so the same deploy writes
 * the same bytes.
 */
import type { ObjectHeaders } from './headers.ts';

/** The folder of the bucket (under the target's prefix) where deploy keeps its own objects; never deleted or served as site. */
export const CONTROL_FOLDER = '.ecom-site/';

/** The manifest's key under a prefix. */
export function manifestKey(prefix: string): string {
  return `${prefix}${CONTROL_FOLDER}manifest.json`;
}

/** What the manifest records of one key. */
export interface ManifestEntry extends ObjectHeaders {
  md5: string;
  /** The ETag of an object uploaded in parts (whose ETag is not its MD5). */
  etag?: string;
  /** The new URL of a moved page's old address, stored as the object's website redirect (cli/core/deploy/moved.ts). */
  redirect?: string;
}

/** The manifest of the last complete deploy. */
export interface DeployManifest {
  version: 1;
  /** Every key of the build, by key. */
  files: Record<string, ManifestEntry>;
  /** Content-hashed keys no longer in the build, kept for now (docs/deploy.md, "What is uploaded"). */
  kept: string[];
  /** When each kept key was first dropped (ISO time): it is deleted once the keep period has passed. */
  dropped?: Record<string, string>;
}

/** The manifest as stored: stable JSON, keys sorted. */
export function serializeManifest(manifest: DeployManifest): string {
  const files = Object.fromEntries(
    Object.keys(manifest.files)
      .sort()
      .map((key) => {
        const { md5, contentType, cacheControl, etag, redirect } = manifest.files[key] as ManifestEntry;
        return [key, { md5, contentType, cacheControl, ...(etag ? { etag } : {}), ...(redirect ? { redirect } : {}) }];
      }),
  );
  const kept = [...manifest.kept].sort();
  const dropped = Object.fromEntries(kept.flatMap((key) => (manifest.dropped?.[key] ? [[key, manifest.dropped[key]]] : [])));
  return `${JSON.stringify({ version: 1, files, kept, ...(Object.keys(dropped).length ? { dropped } : {}) }, null, 1)}\n`;
}

/** Reads a stored manifest; anything else (missing, damaged, another version) is none, and every key is compared by its ETag alone. */
export function parseManifest(text: string | undefined): DeployManifest | undefined {
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as Partial<DeployManifest>;
    if (data.version !== 1 || typeof data.files !== 'object' || data.files === null || !Array.isArray(data.kept)) return undefined;
    const files: Record<string, ManifestEntry> = {};
    for (const [key, entry] of Object.entries(data.files)) {
      const e = entry as Partial<ManifestEntry>;
      if (typeof e.md5 === 'string' && typeof e.contentType === 'string' && typeof e.cacheControl === 'string') {
        files[key] = {
          md5: e.md5,
          contentType: e.contentType,
          cacheControl: e.cacheControl,
          ...(typeof e.etag === 'string' ? { etag: e.etag } : {}),
          ...(typeof e.redirect === 'string' ? { redirect: e.redirect } : {}),
        };
      }
    }
    const dropped: Record<string, string> = {};
    for (const [key, when] of Object.entries(typeof data.dropped === 'object' && data.dropped !== null ? data.dropped : {})) {
      if (typeof when === 'string') dropped[key] = when;
    }
    return {
      version: 1,
      files,
      kept: data.kept.filter((k): k is string => typeof k === 'string'),
      ...(Object.keys(dropped).length ? { dropped } : {}),
    };
  } catch {
    return undefined;
  }
}
