import { describe, expect, it } from 'vitest';
import { heldAfter, isEmpty, jobsToRender, plan, planChanged, type Target } from '../../../../cli/core/plan/plan.ts';
import { random } from '../../../helpers/random.ts';

const job = (key: string, index: number): Target => ({ key, make: { kind: 'job', job: index } });
const data = (key: string): Target => ({ key, make: { kind: 'data', data: key } });
const copy = (key: string): Target => ({ key, make: { kind: 'copy', from: `/public/${key}` } });

describe('plan', () => {
  it('reuses files held with the same key, renders new and changed ones, removes the rest', () => {
    const held = new Map([
      ['a.html', 'k1'],
      ['b.html', 'k2'],
      ['old.html', 'k3'],
      ['assets/site.1.css', 'c1'],
    ]);
    const targets = new Map([
      ['a.html', job('k1', 0)],
      ['b.html', job('k2*', 1)],
      ['new.html', job('k4', 2)],
      ['assets/site.2.css', data('c2')],
    ]);
    expect(plan(held, targets)).toEqual({
      render: ['assets/site.2.css', 'b.html', 'new.html'],
      reuse: ['a.html'],
      remove: ['assets/site.1.css', 'old.html'],
    });
  });

  it('renders every file of a job when one of them must be made', () => {
    // The English home page is written twice; one copy was edited by hand (so it is not held).
    const held = new Map([['en.html', 'k']]);
    const targets = new Map([
      ['en.html', job('k', 0)],
      ['en/index.html', job('k', 0)],
    ]);
    const p = plan(held, targets);
    expect(p.render).toEqual(['en.html', 'en/index.html']);
    expect(jobsToRender(p, targets)).toEqual([0]);
  });

  it('plans nothing for an output that holds exactly its targets', () => {
    const targets = new Map([
      ['a.html', job('k1', 0)],
      ['favicon.svg', copy('s1')],
      ['sitemap.xml', data('x')],
    ]);
    const p = plan(heldAfter(targets), targets);
    expect(isEmpty(p)).toBe(true);
    expect(p.reuse).toEqual(['a.html', 'favicon.svg', 'sitemap.xml']);
  });
});

describe('plan, for any output and any targets', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`seed ${seed}: carrying the plan out gives exactly the targets, and planning again gives nothing`, () => {
      const rand = random(seed);
      const paths = Array.from({ length: 40 }, (_, i) => `p${i}.html`);
      const key = (): string => `k${Math.floor(rand() * 3)}`;
      for (let round = 0; round < 200; round++) {
        const held = new Map(paths.filter(() => rand() < 0.5).map((path) => [path, key()]));
        const targets = new Map<string, Target>();
        for (const path of paths) {
          if (rand() < 0.5) continue;
          const kind = rand();
          targets.set(path, kind < 0.6 ? job(key(), Math.floor(rand() * 10)) : kind < 0.8 ? data(key()) : copy(key()));
        }
        const p = plan(held, targets);
        // Every path is in exactly one list, and the lists cover what is held and what is wanted.
        const all = [...p.render, ...p.reuse, ...p.remove];
        expect(new Set(all).size).toBe(all.length);
        expect(new Set(all)).toEqual(new Set([...held.keys(), ...targets.keys()]));
        // What is reused is held with the key wanted; nothing wanted is removed.
        for (const path of p.reuse) expect(held.get(path)).toBe(targets.get(path)?.key);
        for (const path of p.remove) expect(targets.has(path)).toBe(false);
        // A job is rendered whole or not at all.
        const rendered = new Set(jobsToRender(p, targets));
        for (const path of p.reuse) {
          const make = targets.get(path)?.make;
          if (make?.kind === 'job') expect(rendered.has(make.job)).toBe(false);
        }
        // Carrying it out: held becomes the targets' keys, and a second plan changes nothing.
        const after = new Map(held);
        for (const path of p.remove) after.delete(path);
        for (const path of p.render) after.set(path, targets.get(path)?.key as string);
        expect(after).toEqual(heldAfter(targets));
        expect(isEmpty(plan(after, targets))).toBe(true);
      }
    });
  }
});

describe('planChanged, for an output that holds its last targets and any change to them', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`seed ${seed}: renders and reuses as planning the whole site does, looking at the change alone`, () => {
      const rand = random(seed);
      const key = (): string => `k${Math.floor(rand() * 3)}`;
      for (let round = 0; round < 200; round++) {
        // Jobs of one to three files (a home page is written twice), some data and copied files.
        const files: string[][] = [];
        const base = new Map<string, Target>();
        for (let index = 0; index < 12; index++) {
          const own = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => `j${index}-${i}.html`);
          files.push(own);
          const jobKey = key();
          for (const path of own) base.set(path, rand() < 0.9 ? job(jobKey, index) : data(key()));
        }
        for (let i = 0; i < 8; i++) base.set(`f${i}`, rand() < 0.5 ? data(key()) : copy(key()));
        const held = heldAfter(base);
        // A change: some targets get a new key (often the one they had), never a new path.
        const changed = new Map<string, Target>();
        for (const [path, target] of base) {
          if (rand() < 0.15) changed.set(path, { ...target, key: rand() < 0.3 ? target.key : `${key()}*` });
        }
        const all = new Map([...base, ...changed]);
        const lookup = { get: (path: string) => changed.get(path) ?? base.get(path) };
        const whole = plan(held, all);
        const p = planChanged(held, changed, lookup, (index) => files[index] ?? []);
        expect(p.render).toEqual(whole.render);
        expect(p.remove).toEqual(whole.remove);
        expect(p.reuse).toEqual(whole.reuse.filter((path) => changed.has(path)));
        expect(jobsToRender(p, lookup)).toEqual(jobsToRender(whole, all));
      }
    });
  }
});
