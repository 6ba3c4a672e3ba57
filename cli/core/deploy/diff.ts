/**
 * What a deploy does, decided from data alone (docs/deploy.md, "What is uploaded"): the build's files
 * with their MD5s, the bucket's listing with its ETags, and the last deploy's manifest. A file is uploaded
 * when its key is new, its bytes differ from the stored object, or its headers differ from those the
 * manifest recorded; everything else is left alone. Keys the build no longer has are deleted, except
 * content-hashed files on the first deploy that drops them: browsers and CDNs still hold pages pointing
 * at those, so they are kept one more deploy.
 */
import { headersOf, type ObjectHeaders } from './headers.ts';
import { isHashed, keyOf } from './keys.ts';
import { CONTROL_FOLDER, type DeployManifest } from './manifest.ts';
import { PHASES, phaseOf, type Phase } from './phases.ts';

/** A file of the build, as hashed on disk. */
export interface LocalFile {
  /** Path in the output folder, `/`-separated. */
  file: string;
  md5: string;
  size: number;
}

/** A stored object, as listed. */
export interface RemoteObject {
  /** The ETag without quotes: the MD5 of an object uploaded in one part. */
  etag: string;
  size: number;
}

/** Why a key is uploaded or deleted. */
export type Reason = 'new' | 'changed content' | 'changed headers' | 'gone';

/** One upload. */
export interface Upload extends ObjectHeaders {
  file: string;
  key: string;
  md5: string;
  size: number;
  phase: Phase;
  reason: Exclude<Reason, 'gone'>;
  /** A moved page's old address: the new URL, stored as the object's website redirect (cli/core/deploy/moved.ts). */
  redirect?: string;
}

/** One delete. */
export interface Delete {
  key: string;
  reason: 'gone';
  /** Content-hashed: kept on the deploy that first dropped it, deleted now. */
  hashed: boolean;
}

/** A deploy's plan. */
export interface DeployPlan {
  /** Uploads by phase, each list sorted by key. */
  uploads: Record<Phase, Upload[]>;
  unchanged: number;
  deletes: Delete[];
  /** Content-hashed keys gone from the build, kept for one more deploy. */
  kept: string[];
  /** The manifest this deploy leaves. */
  manifest: DeployManifest;
  /** True when the stored manifest differs from `manifest` (or is missing). */
  manifestChanged: boolean;
  /** Files whose Content-Type is unknown: nothing may be uploaded while there are any. */
  untyped: string[];
}

/** Plans a deploy of `files` to keys under `prefix`, given what the bucket holds and the last manifest. */
export function planDeploy(
  files: readonly LocalFile[],
  remote: ReadonlyMap<string, RemoteObject>,
  previous: DeployManifest | undefined,
  prefix: string,
): DeployPlan {
  const all = new Set(files.map((f) => f.file));
  const uploads = Object.fromEntries(PHASES.map((phase) => [phase, [] as Upload[]])) as Record<Phase, Upload[]>;
  const manifest: DeployManifest = { version: 1, files: {}, kept: [] };
  const untyped: string[] = [];
  let unchanged = 0;
  for (const local of files) {
    const headers = headersOf(local.file);
    if (!headers) {
      untyped.push(local.file);
      continue;
    }
    const key = keyOf(local.file, prefix);
    manifest.files[key] = { md5: local.md5, ...headers };
    const stored = remote.get(key);
    const recorded = previous?.files[key];
    const reason: Upload['reason'] | undefined = !stored
      ? 'new'
      : stored.etag !== local.md5
        ? 'changed content'
        : !recorded || recorded.contentType !== headers.contentType || recorded.cacheControl !== headers.cacheControl
          ? 'changed headers'
          : undefined;
    if (reason)
      uploads[phaseOf(local.file, all)].push({
        file: local.file,
        key,
        md5: local.md5,
        size: local.size,
        phase: phaseOf(local.file, all),
        reason,
        ...headers,
      });
    else unchanged += 1;
  }
  for (const phase of PHASES) uploads[phase].sort((a, b) => (a.key < b.key ? -1 : 1));

  const control = `${prefix}${CONTROL_FOLDER}`;
  const alreadyKept = new Set(previous?.kept ?? []);
  const deletes: Delete[] = [];
  for (const key of [...remote.keys()].sort()) {
    if (manifest.files[key] || key.startsWith(control)) continue;
    const hashed = isHashed(key.slice(prefix.length));
    if (hashed && !alreadyKept.has(key)) manifest.kept.push(key);
    else deletes.push({ key, reason: 'gone', hashed });
  }
  const manifestChanged = !previous || !sameManifest(previous, manifest);
  return { uploads, unchanged, deletes, kept: manifest.kept, manifest, manifestChanged, untyped: untyped.sort() };
}

/** True when two manifests record the same keys with the same MD5s, headers and redirects, and keep the same keys. */
export function sameManifest(a: DeployManifest, b: DeployManifest): boolean {
  const keys = Object.keys(a.files);
  if (keys.length !== Object.keys(b.files).length || a.kept.length !== b.kept.length) return false;
  const kept = new Set(a.kept);
  if (!b.kept.every((k) => kept.has(k))) return false;
  return keys.every((key) => {
    const x = a.files[key];
    const y = b.files[key];
    return (
      !!x && !!y && x.md5 === y.md5 && x.contentType === y.contentType && x.cacheControl === y.cacheControl && x.redirect === y.redirect
    );
  });
}

/** Every upload of a plan, phase by phase. */
export function allUploads(plan: DeployPlan): Upload[] {
  return PHASES.flatMap((phase) => plan.uploads[phase]);
}
