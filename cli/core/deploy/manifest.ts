/**
 * The manifest object a deploy leaves in the bucket (docs/deploy.md, "Manifest"): the MD5 and headers of
 * every key it uploaded, and the superseded content-hashed files it kept for one more deploy. Comparing
 * with it notices a changed header (a new Cache-Control rule) that an ETag cannot show, and it tells the
 * next deploy which old assets have had their extra deploy. Written after every upload and before any
 * delete; it is JSON with sorted keys and no date, so the same deploy writes the same bytes.
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
  /** The new URL of a moved page's old address, stored as the object's website redirect (cli/core/deploy/moved.ts). */
  redirect?: string;
}

/** The manifest of the last complete deploy. */
export interface DeployManifest {
  version: 1;
  /** Every key of the build, by key. */
  files: Record<string, ManifestEntry>;
  /** Content-hashed keys no longer in the build, kept for this one deploy; the next deploy deletes them. */
  kept: string[];
}

/** The manifest as stored: stable JSON, keys sorted. */
export function serializeManifest(manifest: DeployManifest): string {
  const files = Object.fromEntries(
    Object.keys(manifest.files)
      .sort()
      .map((key) => {
        const { md5, contentType, cacheControl, redirect } = manifest.files[key] as ManifestEntry;
        return [key, { md5, contentType, cacheControl, ...(redirect ? { redirect } : {}) }];
      }),
  );
  return `${JSON.stringify({ version: 1, files, kept: [...manifest.kept].sort() }, null, 1)}\n`;
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
          ...(typeof e.redirect === 'string' ? { redirect: e.redirect } : {}),
        };
      }
    }
    return { version: 1, files, kept: data.kept.filter((k): k is string => typeof k === 'string') };
  } catch {
    return undefined;
  }
}
