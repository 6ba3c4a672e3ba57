/**
 * What a deploy does, decided from data alone (docs/deploy.md, "What is uploaded"): the build's files
 * with their MD5s, the bucket's listing with its ETags, and the last deploy's manifest. A file is uploaded
 * when its key is new, its bytes differ from the stored object, or its headers differ from those the
 * manifest recorded; everything else is left alone. Keys the build no longer has are deleted, except
 * content-hashed files: browsers and CDNs still hold pages pointing at those, so they are kept for at
 * least one more deploy and `keepMs` after the deploy that first dropped them. A target owns its prefix
 * and nothing else: keys under a folder holding another deploy's control objects (`X/.ecom-site/`) are
 * another site's, never counted, changed or deleted.
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
  /** A page's links and resources, as keys without the prefix (cli/core/deploy/links.ts). */
  links?: string[];
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
  /** Content-hashed keys gone from the build, kept for now (the keep period, and one more deploy at least). */
  kept: string[];
  /** The manifest this deploy leaves. */
  manifest: DeployManifest;
  /** True when the stored manifest differs from `manifest` (or is missing). */
  manifestChanged: boolean;
  /** Files whose Content-Type is unknown: nothing may be uploaded while there are any. */
  untyped: string[];
  /** Prefixes under this target's that another deploy owns (they hold its `.ecom-site/`), left alone. */
  otherSites: string[];
  /** Keys of this build that fall under another site's prefix: nothing may be uploaded while there are any. */
  conflicts: string[];
}

/** When a deploy runs, and how long a dropped content-hashed file is kept. */
export interface KeepPolicy {
  /** Now, in ms since the epoch. */
  now: number;
  /** How long after the deploy that first dropped it a content-hashed file stays. */
  keepMs: number;
}

/** The owners of the control objects among `keys`: the prefix before each `.ecom-site/` folder. */
export function controlOwners(keys: Iterable<string>): Set<string> {
  const owners = new Set<string>();
  for (const key of keys) {
    for (let at = key.indexOf(CONTROL_FOLDER); at !== -1; at = key.indexOf(CONTROL_FOLDER, at + 1)) {
      if (at === 0 || key[at - 1] === '/') owners.add(key.slice(0, at));
    }
  }
  return owners;
}

/** Plans a deploy of `files` to keys under `prefix`, given what the bucket holds and the last manifest. */
export function planDeploy(
  files: readonly LocalFile[],
  remote: ReadonlyMap<string, RemoteObject>,
  previous: DeployManifest | undefined,
  prefix: string,
  policy: KeepPolicy = { now: 0, keepMs: 0 },
): DeployPlan {
  const all = new Set(files.map((f) => f.file));
  const uploads = Object.fromEntries(PHASES.map((phase) => [phase, [] as Upload[]])) as Record<Phase, Upload[]>;
  const manifest: DeployManifest = { version: 1, files: {}, kept: [], dropped: {} };
  const untyped: string[] = [];
  const otherSites = [...controlOwners(remote.keys())].filter((owner) => owner !== prefix && owner.startsWith(prefix)).sort();
  const othersOwn = (key: string): boolean => otherSites.some((owner) => key.startsWith(owner));
  const conflicts: string[] = [];
  let unchanged = 0;
  for (const local of files) {
    const headers = headersOf(local.file);
    if (!headers) {
      untyped.push(local.file);
      continue;
    }
    const key = keyOf(local.file, prefix);
    if (othersOwn(key)) conflicts.push(key);
    const stored = remote.get(key);
    const recorded = previous?.files[key];
    // A multipart object's ETag is no MD5: the manifest's MD5 stands for it while the ETag is the one recorded.
    const multipart = stored?.etag.includes('-') ?? false;
    const sameBytes = multipart ? recorded?.md5 === local.md5 && recorded.etag === stored?.etag : stored?.etag === local.md5;
    manifest.files[key] = { md5: local.md5, ...headers, ...(multipart && sameBytes && stored ? { etag: stored.etag } : {}) };
    const reason: Upload['reason'] | undefined = !stored
      ? 'new'
      : !sameBytes
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
    if (manifest.files[key] || key.startsWith(control) || othersOwn(key)) continue;
    const hashed = isHashed(key.slice(prefix.length));
    // A manifest written before drop times were recorded starts the clock now.
    const since = alreadyKept.has(key) ? Date.parse(previous?.dropped?.[key] ?? '') || policy.now : policy.now;
    if (hashed && (!alreadyKept.has(key) || policy.now - since < policy.keepMs)) {
      manifest.kept.push(key);
      (manifest.dropped as Record<string, string>)[key] = new Date(since).toISOString();
    } else deletes.push({ key, reason: 'gone', hashed });
  }
  const manifestChanged = !previous || !sameManifest(previous, manifest);
  return {
    uploads,
    unchanged,
    deletes,
    kept: manifest.kept,
    manifest,
    manifestChanged,
    untyped: untyped.sort(),
    otherSites,
    conflicts: conflicts.sort(),
  };
}

/** True when two manifests record the same keys with the same MD5s, headers and redirects, and keep the same keys. */
export function sameManifest(a: DeployManifest, b: DeployManifest): boolean {
  const keys = Object.keys(a.files);
  if (keys.length !== Object.keys(b.files).length || a.kept.length !== b.kept.length) return false;
  const kept = new Set(a.kept);
  if (!b.kept.every((k) => kept.has(k) && a.dropped?.[k] === b.dropped?.[k])) return false;
  return keys.every((key) => {
    const x = a.files[key];
    const y = b.files[key];
    return (
      !!x &&
      !!y &&
      x.md5 === y.md5 &&
      x.contentType === y.contentType &&
      x.cacheControl === y.cacheControl &&
      x.etag === y.etag &&
      x.redirect === y.redirect
    );
  });
}

/** Every upload of a plan, phase by phase. */
export function allUploads(plan: DeployPlan): Upload[] {
  return PHASES.flatMap((phase) => plan.uploads[phase]);
}
