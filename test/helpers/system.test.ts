import { describe, expect, it } from 'vitest';
import { CHROMIUM, ensureSystem, NGINX, planSystem, SYSTEM_NEEDS, type SystemProbe } from './system.ts';

/** A machine that has the executables and font languages listed, as root or not, with apt-get or not. */
function machine(has: { files?: string[]; fonts?: string[]; root?: boolean; apt?: boolean } = {}): SystemProbe {
  return {
    executable: (path) => (has.files ?? []).includes(path),
    fontFor: (lang) => (has.fonts ?? []).includes(lang),
    root: has.root ?? false,
    apt: has.apt ?? true,
  };
}

const CEPH = ['/usr/bin/radosgw', '/usr/bin/ceph-mon', '/usr/bin/ceph-osd'];
const EVERYTHING = { files: [CHROMIUM, NGINX, ...CEPH], fonts: ['zh'] };

describe('the system packages the whole lane needs', () => {
  it('names Chromium, nginx, a Chinese font and Ceph, each with its Debian package', () => {
    expect(SYSTEM_NEEDS.map((need) => need.debian)).toEqual([
      'chromium',
      'nginx-light',
      'fonts-noto-cjk',
      'radosgw',
      'ceph-mon',
      'ceph-osd',
    ]);
  });

  it('runs the tests at once on a machine that has everything, root or not', () => {
    expect(planSystem(SYSTEM_NEEDS, machine(EVERYTHING))).toEqual({ action: 'ready' });
    expect(planSystem(SYSTEM_NEEDS, machine({ ...EVERYTHING, root: true }))).toEqual({ action: 'ready' });
  });

  it('installs only what is missing with apt-get, quietly and without recommends, when the run is root', () => {
    expect(planSystem(SYSTEM_NEEDS, machine({ files: [NGINX, ...CEPH], root: true }))).toEqual({
      action: 'install',
      packages: ['chromium', 'fonts-noto-cjk'],
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'],
      ],
    });
  });

  it('stops with the one sudo command that installs what is missing when the run is not root', () => {
    const plan = planSystem(SYSTEM_NEEDS, machine({ files: [CHROMIUM, ...CEPH], fonts: ['zh'] }));
    expect(plan.action).toBe('stop');
    const message = plan.action === 'stop' ? plan.message : '';
    expect(message).toContain(`nginx at ${NGINX}`);
    expect(message).not.toContain('Chromium');
    expect(message).toContain('sudo apt-get update && sudo apt-get install -y --no-install-recommends nginx-light\n');
  });

  it('stops, naming the packages, where there is no apt-get even for root', () => {
    const plan = planSystem(SYSTEM_NEEDS, machine({ root: true, apt: false }));
    expect(plan).toEqual({ action: 'stop', message: expect.stringContaining('apt-get is not here') });
    expect(plan.action === 'stop' && plan.message).toContain(
      'apt-get update && apt-get install -y --no-install-recommends chromium nginx-light fonts-noto-cjk radosgw ceph-mon ceph-osd',
    );
  });

  it('installs, then checks again: a package apt-get installed lets the run go on', () => {
    const files: string[] = [NGINX, ...CEPH];
    const ran: string[][] = [];
    const probe = { ...machine({ root: true, fonts: ['zh'] }), executable: (path: string) => files.includes(path) };
    ensureSystem(
      SYSTEM_NEEDS,
      probe,
      (command) => {
        ran.push(command);
        if (command.includes('chromium')) files.push(CHROMIUM);
      },
      () => {},
    );
    expect(ran).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
    ]);
  });

  it('stops with the command to run when apt-get fails, or installs and the need is still not met', () => {
    const probe = machine({ root: true, files: [CHROMIUM, NGINX] });
    const failing = (): void => {
      throw new Error('E: Unable to locate package fonts-noto-cjk\nmore');
    };
    expect(() => ensureSystem(SYSTEM_NEEDS, probe, failing, () => {})).toThrow(
      /apt-get failed: E: Unable to locate package fonts-noto-cjk\)[\s\S]*apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk/,
    );
    expect(() =>
      ensureSystem(
        SYSTEM_NEEDS,
        probe,
        () => {},
        () => {},
      ),
    ).toThrow(/still missing after apt-get install[\s\S]*fonts-noto-cjk/);
  });
});
