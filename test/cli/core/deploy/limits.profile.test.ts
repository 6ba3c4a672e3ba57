/** cli/core/deploy/limits.ts and profile.ts: the time limits in force, and which profiles the shared files define. */
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deployLimits } from '../../../../cli/core/deploy/limits.ts';
import { profileExists, profileFiles, profileNames, requireProfile } from '../../../../cli/core/deploy/profile.ts';
import { tempDir } from '../../../helpers/temp.ts';

describe('deployLimits', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('waits 20 s without traffic by default, five attempts, 5-minute requests, 8 MiB parts, 5 s to release', () => {
    vi.stubEnv('ECOM_SITE_DEPLOY_IDLE_MS', undefined);
    expect(deployLimits()).toEqual({ attempts: 5, idleMs: 20_000, requestMs: 300_000, partBytes: 8 * 1024 * 1024, releaseMs: 5_000 });
  });

  it('takes a positive whole idle time from ECOM_SITE_DEPLOY_IDLE_MS, which also bounds the release', () => {
    vi.stubEnv('ECOM_SITE_DEPLOY_IDLE_MS', '300');
    expect(deployLimits()).toMatchObject({ idleMs: 300, requestMs: 300_000, releaseMs: 300 });
    vi.stubEnv('ECOM_SITE_DEPLOY_IDLE_MS', '1');
    expect(deployLimits()).toMatchObject({ idleMs: 1, releaseMs: 1 });
    vi.stubEnv('ECOM_SITE_DEPLOY_IDLE_MS', '600000');
    expect(deployLimits()).toMatchObject({ idleMs: 600_000, requestMs: 600_000, releaseMs: 5_000 });
  });

  it('ignores a value that is not a positive whole number', () => {
    for (const value of ['0', '-5', '2.5', 'soon', '']) {
      vi.stubEnv('ECOM_SITE_DEPLOY_IDLE_MS', value);
      expect(deployLimits().idleMs, value).toBe(20_000);
    }
  });
});

describe('profiles', () => {
  it('reads section names only, with or without "profile", however spaced', () => {
    const text = [
      '[default]',
      'aws_secret_access_key = [not-a-section]',
      '  [ profile  build ]',
      '[profile ci]',
      '#[hidden]',
      'x [inline]',
    ].join('\n');
    expect([...profileNames(text)].sort()).toEqual(['build', 'ci', 'default']);
    expect(profileNames('')).toEqual(new Set());
  });

  it('looks where the SDK looks: the variables, else ~/.aws', () => {
    expect(profileFiles({ AWS_CONFIG_FILE: '/c', AWS_SHARED_CREDENTIALS_FILE: '/k' })).toEqual(['/c', '/k']);
    expect(profileFiles({})).toEqual([join(homedir(), '.aws', 'config'), join(homedir(), '.aws', 'credentials')]);
    expect(profileFiles({ AWS_CONFIG_FILE: '' })[0]).toBe(join(homedir(), '.aws', 'config'));
  });

  it('finds a profile in either file, and none in files that are missing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config'), '[profile site]\nregion = x\n');
    writeFileSync(join(dir, 'credentials'), '[keys]\n');
    const env = { AWS_CONFIG_FILE: join(dir, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(dir, 'credentials') };
    expect(await profileExists('site', env)).toBe(true);
    expect(await profileExists('keys', env)).toBe(true);
    expect(await profileExists('other', env)).toBe(false);
    expect(await profileExists('site', { AWS_CONFIG_FILE: join(dir, 'none'), AWS_SHARED_CREDENTIALS_FILE: join(dir, 'none2') })).toBe(
      false,
    );
  });

  it('refuses a profile no file defines with DEPLOY_PROFILE_MISSING naming both files, and lets a target without one pass', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config'), '[profile site]\n');
    const env = { AWS_CONFIG_FILE: join(dir, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(dir, 'credentials') };
    await expect(requireProfile('site', env)).resolves.toBeUndefined();
    await expect(requireProfile(undefined, env)).resolves.toBeUndefined();
    await expect(requireProfile('other', env)).rejects.toMatchObject({
      problems: [
        {
          code: 'DEPLOY_PROFILE_MISSING',
          message: `The target names the profile "other", which neither ${join(dir, 'config')} nor ${join(dir, 'credentials')} defines.`,
        },
      ],
    });
  });
});
