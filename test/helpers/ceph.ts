/**
 * A throwaway one-node Ceph cluster with an S3 gateway (radosgw) on 127.0.0.1, for the deploy tests: one
 * monitor, one OSD keeping its objects in memory (memstore), no authentication between the daemons, and
 * radosgw on a free port with one S3 user. Everything it writes (config, monitor store, logs, sockets) is
 * in one temp folder; the daemons run in the foreground as children of the test process and are stopped
 * by `stop()`, or killed when the test process exits.
 *
 * Debian's `radosgw`, `ceph-mon` and `ceph-osd` packages are installed with apt-get when missing and the
 * tests run as root; otherwise the helper fails at once with the command to run.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { tempDir, waitFor } from './cli.ts';
import { freePort } from './nginx.ts';
import { ensureSystem, SYSTEM_NEEDS } from './system.ts';

/** The Debian packages the cluster needs, and the binaries that show they are installed. */
const PACKAGES = ['radosgw', 'ceph-mon', 'ceph-osd'] as const;
const BINARIES = [
  '/usr/bin/radosgw',
  '/usr/bin/ceph-mon',
  '/usr/bin/ceph-osd',
  '/usr/bin/ceph',
  '/usr/bin/radosgw-admin',
  '/usr/bin/monmaptool',
];
const INSTALL = `apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`;

/** A cluster's S3 endpoint, as a test file uses it (its own, or the run's shared one: test/helpers/shared-ceph.ts). */
export interface CephGateway {
  /** `http://127.0.0.1:<port>` of radosgw. */
  endpoint: string;
  /** The S3 user's keys. */
  accessKeyId: string;
  secretAccessKey: string;
  /** The daemons' logs so far, for failure messages. */
  logs(): string;
}

/** A running cluster that its starter stops. */
export interface Ceph extends CephGateway {
  /** The folder of its config, stores and logs (`cephLogs` reads the logs from it). */
  dir: string;
  stop(): Promise<void>;
}

/** Installs the packages when missing (as root), or throws with the command to run (test/helpers/system.ts). */
export function ensureCephInstalled(): void {
  ensureSystem(SYSTEM_NEEDS.filter((need) => PACKAGES.includes(need.debian as (typeof PACKAGES)[number])));
  if (!BINARIES.every((bin) => existsSync(bin))) throw new Error(`${INSTALL} did not install ${BINARIES.join(', ')}.`);
}

function run(file: string, args: string[], timeout = 60_000): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(file, args, { timeout }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/**
 * Runs a `ceph` CLI command until it succeeds: right after start-up the monitor answers some commands with
 * EPERM or EAGAIN for a while, and a busy machine makes that window long.
 */
async function ceph(conf: string, args: string[], logs: () => string): Promise<string> {
  let last = '';
  return waitFor(
    async () => {
      const result = await run('/usr/bin/ceph', ['-c', conf, '--connect-timeout', '20', ...args], 30_000);
      last = result.out;
      return result.code === 0 ? result.out : undefined;
    },
    () => `ceph ${args.join(' ')} kept failing: ${last}\n${logs()}`,
    120_000,
  );
}

/** The running daemons of every cluster this process started, killed if the process exits first. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  // Each child is the guard shell of `daemon` below: SIGTERM makes it stop its daemon. SIGKILL would end
  // the shell alone and leave the daemon running with no one to stop it.
  for (const child of running) child.kill('SIGTERM');
});

/** Starts a cluster; resolves once radosgw answers S3 requests with the user's keys. */
export async function startCeph(): Promise<Ceph> {
  ensureCephInstalled();
  const dir = tempDir('ecom-ceph-');
  const [monV2, monV1, rgwPort] = [await freePort(), await freePort(), await freePort()];
  const fsid = randomUUID();
  const conf = join(dir, 'ceph.conf');
  for (const sub of ['mon/ceph-a', 'osd/ceph-0', 'run', 'log', 'rgw']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(
    conf,
    [
      '[global]',
      `fsid = ${fsid}`,
      `mon_host = [v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]`,
      'auth_cluster_required = none',
      'auth_service_required = none',
      'auth_client_required = none',
      'ms_bind_ipv6 = false',
      'public_addr = 127.0.0.1',
      'cluster_addr = 127.0.0.1',
      `run_dir = ${join(dir, 'run')}`,
      `admin_socket = ${join(dir, 'run')}/$name.asok`,
      `log_file = ${join(dir, 'log')}/$name.log`,
      `pid_file = ${join(dir, 'run')}/$name.pid`,
      `mon_data = ${join(dir, 'mon')}/$cluster-$id`,
      `osd_data = ${join(dir, 'osd')}/$cluster-$id`,
      `keyring = ${join(dir, 'keyring')}`,
      // One OSD: pools of one copy, few placement groups, the default rule choosing among OSDs (not hosts).
      'osd_pool_default_size = 1',
      'osd_pool_default_min_size = 1',
      'mon_allow_pool_size_one = true',
      'osd_pool_default_pg_num = 8',
      'osd_pool_default_pgp_num = 8',
      'osd_pool_default_pg_autoscale_mode = off',
      'mon_max_pg_per_osd = 1000',
      'osd_crush_chooseleaf_type = 0',
      'mon_warn_on_pool_no_redundancy = false',
      // Objects in memory; without these two the OSD tries to update the class and CRUSH maps on start
      // and, on this set-up, dies with "wrong fsid".
      'osd_objectstore = memstore',
      'memstore_device_bytes = 2147483648',
      'osd_class_update_on_start = false',
      'osd_crush_update_on_start = false',
      'mon_data_avail_crit = 1',
      'mon_data_avail_warn = 2',
      // Without authentication no connection can be encrypted, and radosgw asks for that by default.
      'ms_mon_client_mode = crc',
      '',
      '[client.rgw]',
      `rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}`,
      `rgw_data = ${join(dir, 'rgw')}`,
      'rgw_dns_name = 127.0.0.1',
      '',
    ].join('\n'),
  );
  const children: ChildProcess[] = [];
  const logs = (): string => cephLogs(dir);
  const daemon = (file: string, args: string[]): ChildProcess => {
    // Each daemon runs under a small shell that ends it when the test process is gone, however that
    // ended (a test run killed with SIGKILL never runs its 'exit' handlers), and passes SIGTERM on.
    const guard = [
      '"$@" & daemon=$!',
      "trap 'kill -TERM $daemon 2>/dev/null; wait $daemon; exit' TERM INT",
      `while kill -0 ${process.pid} 2>/dev/null && kill -0 $daemon 2>/dev/null; do sleep 1 & wait $!; done`,
      'kill -KILL $daemon 2>/dev/null; wait $daemon',
    ].join('\n');
    const child = spawn('/bin/sh', ['-c', guard, 'sh', file, '-f', '-c', conf, ...args], { stdio: 'ignore' });
    children.push(child);
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };
  const stop = async (): Promise<void> => {
    // radosgw first, then the OSD, then the monitor; each is asked to stop, then killed if it lingers.
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const mustRun = async (file: string, args: string[]): Promise<void> => {
      const result = await run(file, args);
      if (result.code !== 0) throw new Error(`${file} ${args.join(' ')} failed: ${result.out}`);
    };
    await mustRun('/usr/bin/monmaptool', [
      '--create',
      '--fsid',
      fsid,
      '--addv',
      'a',
      `[v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]`,
      join(dir, 'monmap'),
    ]);
    writeFileSync(join(dir, 'keyring'), '');
    await mustRun('/usr/bin/ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', join(dir, 'monmap')]);
    daemon('/usr/bin/ceph-mon', ['-i', 'a']);
    const osdUuid = randomUUID();
    const id = (await ceph(conf, ['osd', 'new', osdUuid], logs)).trim();
    if (id !== '0') throw new Error(`expected OSD id 0, got ${id}`);
    await mustRun('/usr/bin/ceph-osd', ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    await ceph(conf, ['osd', 'crush', 'add', 'osd.0', '1', 'root=default'], logs);
    daemon('/usr/bin/ceph-osd', ['-i', '0']);
    await waitFor(
      async () => ((await ceph(conf, ['osd', 'stat'], logs)).includes('1 up') ? true : undefined),
      () => `the OSD did not come up\n${logs()}`,
      120_000,
    );
    const accessKeyId = 'ECOMTESTACCESSKEY';
    const secretAccessKey = `ecom-test-secret-${randomUUID()}`;
    await mustRun('/usr/bin/radosgw-admin', [
      '-c',
      conf,
      '-n',
      'client.rgw',
      'user',
      'create',
      '--uid',
      'ecom',
      '--display-name',
      'ecom-site tests',
      '--access-key',
      accessKeyId,
      '--secret',
      secretAccessKey,
    ]);
    // radosgw drops root for the `ceph` user by default, which cannot read the 0700 temp folder.
    const asRoot = process.getuid?.() === 0 ? ['--setuser', 'root', '--setgroup', 'root'] : [];
    const rgw = daemon('/usr/bin/radosgw', ['-n', 'client.rgw', ...asRoot]);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitFor(
      async () => {
        if (rgw.exitCode !== null) throw new Error(`radosgw exited with ${rgw.exitCode}\n${logs()}`);
        try {
          const response = await fetch(`${endpoint}/`);
          return response.status ? true : undefined;
        } catch {
          return undefined;
        }
      },
      () => `radosgw did not answer on ${endpoint}\n${logs()}`,
      120_000,
    );
    return { endpoint, accessKeyId, secretAccessKey, dir, logs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The end of each daemon's log in the cluster folder `dir`, for failure messages. */
export function cephLogs(dir: string): string {
  let text = '';
  for (const name of ['mon.a', 'osd.0', 'client.rgw']) {
    const file = join(dir, 'log', `${name}.log`);
    if (existsSync(file)) text += `--- ${name}.log (end)\n${readFileSync(file, 'utf8').slice(-4000)}\n`;
  }
  return text;
}

/**
 * The environment the CLI is run with against `ceph`: its S3 user's keys and nothing of the machine's own
 * AWS set-up (no profile, region, config files or instance metadata). `secret` replaces the real one.
 */
export function cliCredentials(ceph: CephGateway, secret = ceph.secretAccessKey): NodeJS.ProcessEnv {
  return {
    AWS_ACCESS_KEY_ID: ceph.accessKeyId,
    AWS_SECRET_ACCESS_KEY: secret,
    AWS_PROFILE: '',
    AWS_REGION: '',
    AWS_CONFIG_FILE: '/nonexistent',
    AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
    AWS_EC2_METADATA_DISABLED: 'true',
  };
}

/** An S3 client of the tests' own on `ceph`'s gateway, with its user's keys, to set up and read back buckets. */
export function s3ClientOf(ceph: CephGateway): S3Client {
  return new S3Client({
    endpoint: ceph.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ceph.accessKeyId, secretAccessKey: ceph.secretAccessKey },
    // Checksums only where S3 asks for them: radosgw does not know every algorithm the SDK would add.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
