/**
 * The system packages the tests need beyond `npm install`, as data: what each is for, how the run finds
 * it, and the Debian package that provides it (docs/testing.md, "System packages"). The whole lane's
 * global setup (test/helpers/global-setup.ts) checks them before any test runs; whatever is missing is
 * installed with apt-get when the run is root (a fresh CI machine), or the run stops at once with the one
 * command to type. Deciding is a pure function over a probe (`planSystem`); only `probeSystem` and
 * `ensureSystem` touch the machine.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';

/** Debian's Chromium; never a downloaded browser (test/helpers/browser.ts). */
export const CHROMIUM = '/usr/bin/chromium';
/** Debian's nginx binary (test/helpers/nginx.ts). */
export const NGINX = '/usr/sbin/nginx';

/** What the run can find out about the machine; the real one is `probeSystem()`. */
export interface SystemProbe {
  /** Whether `path` exists and may be executed. */
  executable(path: string): boolean;
  /** Whether fontconfig knows a font that covers the language `lang` (`fc-list :lang=zh`). */
  fontFor(lang: string): boolean;
  /** Whether this process runs as root (may install with apt-get). */
  root: boolean;
  /** Whether apt-get is there at all (a Debian or Ubuntu machine). */
  apt: boolean;
}

/** One thing a test needs from the system. */
export interface SystemNeed {
  /** What it is and which tests need it, as the stop message says it. */
  what: string;
  /** Whether the machine has it. */
  found(probe: SystemProbe): boolean;
  /** The Debian package that provides it. */
  debian: string;
}

/**
 * The Debian package of each need, kept as data in system-packages.json so that `.ci/run` can start
 * installing them before `npm ci`, while nothing that reads them is installed yet.
 */
const PACKAGES = JSON.parse(readFileSync(new URL('./system-packages.json', import.meta.url), 'utf8')) as Record<
  'browser' | 'nginx' | 'chineseFont' | 's3Gateway' | 'cephMonitor' | 'cephStorage',
  string
>;

/** Everything the whole suite needs beyond `npm install`. */
export const SYSTEM_NEEDS: readonly SystemNeed[] = [
  {
    what: `Chromium at ${CHROMIUM} (browser tests: test/client, test/templates/a11y)`,
    found: (p) => p.executable(CHROMIUM),
    debian: PACKAGES.browser,
  },
  { what: `nginx at ${NGINX} (hosting tests: test/hosting)`, found: (p) => p.executable(NGINX), debian: PACKAGES.nginx },
  {
    // Without one, Chinese link text lays out with no glyphs and the target-size checks of the
    // accessibility test measure boxes no reader sees.
    what: 'a font with Chinese glyphs (the accessibility test measures Chinese link text)',
    found: (p) => p.fontFor('zh'),
    debian: PACKAGES.chineseFont,
  },
  // A throwaway one-node Ceph cluster with its S3 gateway on 127.0.0.1 (test/helpers/ceph.ts).
  { what: "Ceph's S3 gateway /usr/bin/radosgw (deploy tests)", found: (p) => p.executable('/usr/bin/radosgw'), debian: PACKAGES.s3Gateway },
  {
    what: 'the Ceph monitor /usr/bin/ceph-mon (deploy tests)',
    found: (p) => p.executable('/usr/bin/ceph-mon'),
    debian: PACKAGES.cephMonitor,
  },
  {
    what: 'the Ceph storage daemon /usr/bin/ceph-osd (deploy tests)',
    found: (p) => p.executable('/usr/bin/ceph-osd'),
    debian: PACKAGES.cephStorage,
  },
];

/** What to do before the tests run. */
export type SystemPlan =
  | { action: 'ready' }
  | { action: 'install'; packages: string[]; commands: string[][] }
  | { action: 'stop'; message: string };

/** The apt-get invocations that install `packages`, quietly and without recommended extras. */
export function aptCommands(packages: readonly string[]): string[][] {
  return [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
  ];
}

/** The single shell command a person types to install `packages` (with sudo unless already root). */
export function installLine(packages: readonly string[], root: boolean): string {
  const sudo = root ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/** The stop message: what is missing, and the one command that installs it. */
export function stopMessage(missing: readonly SystemNeed[], root: boolean, reason: string): string {
  return [
    `The tests need system packages that this machine lacks (${reason}):`,
    ...missing.map((need) => `  - ${need.what}: Debian package ${need.debian}`),
    'Install them with:',
    `  ${installLine(
      missing.map((need) => need.debian),
      root,
    )}`,
    'then run the tests again (docs/testing.md, "System packages").',
  ].join('\n');
}

/** Decides what the run does about `needs` on the machine `probe` describes. */
export function planSystem(needs: readonly SystemNeed[], probe: SystemProbe): SystemPlan {
  const missing = needs.filter((need) => !need.found(probe));
  if (missing.length === 0) return { action: 'ready' };
  if (!probe.apt) return { action: 'stop', message: stopMessage(missing, probe.root, 'and apt-get is not here to install them') };
  if (!probe.root) return { action: 'stop', message: stopMessage(missing, false, 'and only root may install them') };
  const packages = [...new Set(missing.map((need) => need.debian))];
  return { action: 'install', packages, commands: aptCommands(packages) };
}

/** The real machine, as `planSystem` sees it. */
export function probeSystem(): SystemProbe {
  const executable = (path: string): boolean => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const onPath = (name: string): boolean => (process.env.PATH ?? '').split(':').some((dir) => dir && executable(`${dir}/${name}`));
  return {
    executable,
    fontFor(lang: string): boolean {
      try {
        return execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
      } catch {
        return false;
      }
    },
    root: process.getuid?.() === 0,
    apt: onPath('apt-get'),
  };
}

/** Runs one command with its output shown, as the install of a missing package should be; throws if it fails. */
function runShown(command: string[]): void {
  const [file = '', ...args] = command;
  execFileSync(file, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * Makes sure the machine has `needs`: installs what is missing when it can, and otherwise throws an error
 * whose message is the one command to run. `run` executes one command (argv); `log` tells what happens.
 */
export function ensureSystem(
  needs: readonly SystemNeed[] = SYSTEM_NEEDS,
  probe: SystemProbe = probeSystem(),
  run: (command: string[]) => void = runShown,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): void {
  const plan = planSystem(needs, probe);
  if (plan.action === 'ready') return;
  if (plan.action === 'stop') throw new Error(plan.message);
  log(`Installing ${plan.packages.join(' ')} from Debian for the browser and hosting tests…`);
  try {
    for (const command of plan.commands) run(command);
  } catch (error) {
    const missing = needs.filter((need) => plan.packages.includes(need.debian));
    throw new Error(stopMessage(missing, probe.root, `apt-get failed: ${(error as Error).message.split('\n')[0]}`));
  }
  const still = needs.filter((need) => !need.found(probe));
  if (still.length > 0) throw new Error(stopMessage(still, probe.root, 'they are still missing after apt-get install'));
}
