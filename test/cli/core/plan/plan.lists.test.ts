/**
 * What the planner's lists say beyond "every path once" (cli/core/plan/plan.ts): each list in path order, the
 * jobs to render in ascending order and only jobs, a copy or data file that changed renders alone, and a
 * plan that removes or renders something is not empty.
 */
import { describe, expect, it } from 'vitest';
import { heldAfter, isEmpty, jobsToRender, plan, type Target } from '../../../../cli/core/plan/plan.ts';
import { random } from '../../../helpers/random.ts';

const job = (key: string, index: number): Target => ({ key, make: { kind: 'job', job: index } });
const data = (key: string): Target => ({ key, make: { kind: 'data', data: key } });

describe('plan lists', () => {
  it('sorts each list by path, for any order of the targets and of what is held (seeded)', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const names = Array.from({ length: 30 }, (_, i) => `${String.fromCharCode(97 + Math.floor(next() * 26))}${i}.html`);
      const targets = new Map(names.filter(() => next() < 0.6).map((path, i) => [path, job(`k${Math.floor(next() * 2)}`, i)]));
      const held = new Map(names.filter(() => next() < 0.6).map((path) => [path, `k${Math.floor(next() * 2)}`]));
      const p = plan(held, targets);
      for (const list of [p.render, p.reuse, p.remove]) expect(list, `seed ${seed}`).toEqual([...list].sort());
      expect(p.render.length * p.reuse.length * p.remove.length, `seed ${seed}: every list has paths`).toBeGreaterThan(0);
    }
  });

  it('gives the jobs to render in ascending order, and no file that is not a job', () => {
    const targets = new Map([
      ['a.html', job('k', 12)],
      ['b.html', job('k', 3)],
      ['c.html', job('k', 7)],
      ['sitemap.xml', data('s')],
    ]);
    const p = plan(new Map(), targets);
    expect(p.render).toContain('sitemap.xml');
    expect(jobsToRender(p, targets)).toEqual([3, 7, 12]);
  });

  it('renders a changed data file alone, without the job files beside it', () => {
    const targets = new Map([
      ['a.html', job('k', 0)],
      ['sitemap.xml', data('s2')],
    ]);
    const p = plan(new Map([...heldAfter(targets), ['sitemap.xml', 's1']]), targets);
    expect(p).toEqual({ render: ['sitemap.xml'], reuse: ['a.html'], remove: [] });
    expect(jobsToRender(p, targets)).toEqual([]);
  });

  it('is not empty when it renders or removes anything', () => {
    const targets = new Map([['a.html', job('k', 0)]]);
    expect(isEmpty(plan(new Map(), targets))).toBe(false);
    expect(isEmpty(plan(new Map([...heldAfter(targets), ['old.html', 'x']]), targets))).toBe(false);
    expect(isEmpty(plan(heldAfter(targets), targets))).toBe(true);
  });
});
