/** Seeded randomness for the tests that must hold for any input (README, "Tests"). */

/** A small seeded generator (mulberry32): the same seed gives the same sequence, so a failure can be replayed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds named by a fuzz run's FUZZ_SEEDS: `1,2,3` or a range `1-50`. */
export function seedsFrom(spec: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(spec);
  if (range) return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i);
  return spec.split(',').map(Number);
}
