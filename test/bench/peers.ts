/**
 * The tools the bench measures ecom-site against (Eleventy, Eleventy Image) live in test/bench/peers/,
 * with their own package.json and package-lock.json, so the project's `npm ci` does not install them.
 * `npm run bench` installs them there on first use, and again whenever that package-lock.json changed
 * (the folder's node_modules/ is ignored by git).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PEERS = join(import.meta.dirname, 'peers');

/** Written into peers/node_modules/ after an install: the hash of the lock file it installed. */
const STAMP = join(PEERS, 'node_modules', '.bench-peers-lock-hash');

/** Installs the peers (`npm ci --prefix test/bench/peers`) when missing or out of date; returns their folder. */
export function ensurePeers(): string {
  const hash = createHash('sha256')
    .update(readFileSync(join(PEERS, 'package.json')))
    .update(readFileSync(join(PEERS, 'package-lock.json')))
    .digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return PEERS;
  process.stderr.write('Installing the bench peers (npm ci --prefix test/bench/peers)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--prefix', PEERS, '--no-audit', '--no-fund'], { stdio: ['ignore', process.stderr, process.stderr] });
  writeFileSync(STAMP, hash);
  return PEERS;
}
