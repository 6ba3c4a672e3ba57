/**
 * How the tests prove that a cost grows linearly: by counting work, never by timing it (docs/testing.md,
 * "Tests count, never time"). `arrayWork` counts the array elements a synchronous run steps through, copies
 * or scans with JavaScript's own array operations — the work that turns quadratic when a loop looks
 * through, or copies, everything before each item. The count depends only on the code and its input, so
 * the same run gives the same figure on any machine, however busy.
 */

type Method = (this: unknown[], ...args: unknown[]) => unknown;

/** Array methods that visit every element (their count is the array's length). */
const WHOLE = ['forEach', 'map', 'filter', 'reduce', 'reduceRight', 'join', 'reverse', 'sort', 'flat', 'flatMap'] as const;
/** Array methods that stop at the element they look for (their count is the calls of the callback). */
const SEARCH = ['some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex'] as const;
/** Array methods that compare elements with a value until they find it. */
const LOOKUP = ['indexOf', 'lastIndexOf', 'includes'] as const;
/** Array methods that copy elements into a new or this array (their count is the elements copied). */
const COPY = ['slice', 'concat', 'splice', 'push', 'unshift'] as const;

/** The prototype of array iterators (`[][Symbol.iterator]()`), whose `next` every for…of and spread calls. */
const ARRAY_ITERATOR = Object.getPrototypeOf([][Symbol.iterator]()) as { next: (this: Iterator<unknown>) => IteratorResult<unknown> };

/**
 * Runs `run` (synchronous) and returns how many array elements it stepped through with for…of, spread or
 * destructuring, visited with a whole-array method (`map`, `join`, `sort`…), scanned with a search (`some`,
 * `find`, `indexOf`, `includes`…) or copied (`slice`, `concat`, `splice`, `push`). Loops that index an array
 * themselves are not seen; a probe that must see them counts reads through a Proxy.
 */
export function arrayWork(run: () => unknown): number {
  let count = 0;
  const proto = Array.prototype as unknown as Record<string, Method>;
  const saved = new Map<string, Method>();
  const replace = (name: string, wrap: (original: Method) => Method): void => {
    const original = proto[name] as Method;
    saved.set(name, original);
    Object.defineProperty(Array.prototype, name, { value: wrap(original), writable: true, configurable: true, enumerable: false });
  };
  for (const name of WHOLE)
    replace(
      name,
      (original) =>
        function (this: unknown[], ...args: unknown[]): unknown {
          count += this.length;
          return original.apply(this, args);
        },
    );
  for (const name of SEARCH)
    replace(
      name,
      (original) =>
        function (this: unknown[], callback: unknown, ...rest: unknown[]): unknown {
          const step = callback as (...a: unknown[]) => unknown;
          return original.call(
            this,
            function (this: unknown, ...a: unknown[]): unknown {
              count++;
              return step.apply(this, a);
            },
            ...rest,
          );
        } as Method,
    );
  for (const name of LOOKUP)
    replace(
      name,
      (original) =>
        function (this: unknown[], ...args: unknown[]): unknown {
          const found = original.apply(this, args);
          // Where the value was found, or every element when it was not (or `includes`, which says only yes or no).
          count += typeof found === 'number' && found >= 0 ? (name === 'lastIndexOf' ? this.length - found : found + 1) : this.length;
          return found;
        },
    );
  for (const name of COPY)
    replace(
      name,
      (original) =>
        function (this: unknown[], ...args: unknown[]): unknown {
          const before = this.length;
          const result = original.apply(this, args);
          if (name === 'slice' || name === 'concat') count += (result as unknown[]).length;
          // splice: the elements it removed and those it put in; push and unshift: those they added. The
          // elements after them shift in one block move, which is not counted.
          else count += name === 'splice' ? (result as unknown[]).length + Math.max(0, args.length - 2) : this.length - before;
          return result;
        },
    );
  const next = ARRAY_ITERATOR.next;
  ARRAY_ITERATOR.next = function (this: Iterator<unknown>): IteratorResult<unknown> {
    count++;
    return next.call(this);
  };
  try {
    run();
  } finally {
    ARRAY_ITERATOR.next = next;
    for (const [name, original] of saved)
      Object.defineProperty(Array.prototype, name, { value: original, writable: true, configurable: true, enumerable: false });
  }
  return count;
}

/** How many times the work of `small` that of `large` is (`arrayWork` of each, run once). */
export function workRatio(small: () => unknown, large: () => unknown): number {
  return arrayWork(large) / arrayWork(small);
}
