/**
 * A target URL's `profile` must exist (docs/deploy.md, "Credentials"): the SDK, given a profile that no
 * file defines, falls back to other sources or warns about `AWS_PROFILE`, which never names the real
 * mistake. The shared files are read for their section names only; no value in them is looked at.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { problem, SiteError } from '../common/errors.ts';

/** The profile names an AWS config or credentials file defines: `[name]`, `[profile name]`. */
export function profileNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^\s*\[\s*(?:profile\s+)?([^\]\s]+)\s*\]/gm)) names.add(match[1] as string);
  return names;
}

/** The files the SDK reads profiles from, as it finds them. */
export function profileFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    env.AWS_CONFIG_FILE || join(homedir(), '.aws', 'config'),
    env.AWS_SHARED_CREDENTIALS_FILE || join(homedir(), '.aws', 'credentials'),
  ];
}

/** True when one of the shared files defines `name`. */
export async function profileExists(name: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  for (const file of profileFiles(env)) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (profileNames(text).has(name)) return true;
  }
  return false;
}

/** Throws DEPLOY_PROFILE_MISSING when the target names a profile that neither shared file defines. */
export async function requireProfile(name: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (name === undefined || (await profileExists(name, env))) return;
  const files = profileFiles(env).join(' nor ');
  throw new SiteError(problem('DEPLOY_PROFILE_MISSING', `The target names the profile "${name}", which neither ${files} defines.`));
}
