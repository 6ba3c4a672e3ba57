/**
 * `npm run bench:linear`: the timed companion of the counted linear checks in test/vendor/ (which count
 * work, never time it). Parses each hostile shape of patches/README.md with the installed, patched
 * remark-parse + remark-gfm at a size and at four times it, and prints the CPU time of each (best of
 * `--runs`, after a warm-up) and their ratio: about 4 is linear, 16 quadratic.
 *
 *   npm run bench:linear [-- --bytes 32000 --runs 3]
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const BYTES = option('bytes', 32_000);
const RUNS = option('runs', 3);

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** One paragraph of `bytes` bytes of a repeated unit, as the tests make it. */
function paragraph(unit: string, bytes: number): string {
  return `${unit.repeat(20)}\n`.repeat(Math.max(1, Math.round(bytes / (unit.length * 20 + 1))));
}
const nested = (bytes: number): string => {
  const depth = Math.round(Math.sqrt(bytes));
  return Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- a\n`).join('');
};

const SHAPES: Array<[string, (bytes: number) => string]> = [
  ['emphasis `*a* `', (b) => paragraph('*a* ', b)],
  ['closers without openers `a* `', (b) => paragraph('a* ', b)],
  ['crossing markers', (b) => paragraph('*a _b* c_ ', b)],
  ['strikethrough closers `a~ `', (b) => paragraph('a~ ', b)],
  ['strikethrough `~a~ `', (b) => paragraph('~a~ ', b)],
  ['closing brackets `]`', (b) => paragraph(']', b)],
  ['nested brackets', (b) => `${'['.repeat(b / 2)}a${']'.repeat(b / 2)}`],
  ['e-mail addresses in a link label', (b) => `[${paragraph('*a a@b.co ', b)}](x)`],
  ['lazy lines in a block quote', (b) => '> a\nb\n'.repeat(Math.round(b / 6))],
  ['a page of lists (edit map)', (b) => paragraph('P\n- a\n- b\n\n', b)],
  ['lists nested deep (4 × the text: 2 × the depth)', nested],
];

/** The least CPU time, in ms, of `runs` parses (and remark-rehype) of `doc`. */
function cpu(doc: string, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    processor.runSync(processor.parse(doc));
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

process.stdout.write(
  `| shape | ${BYTES.toLocaleString('en')} B | ${(4 * BYTES).toLocaleString('en')} B | ratio |\n| --- | --- | --- | --- |\n`,
);
for (const [name, make] of SHAPES) {
  const [small, large] = [make(BYTES), make(4 * BYTES)];
  cpu(small, 2);
  const [one, four] = [cpu(small, RUNS), cpu(large, RUNS)];
  process.stdout.write(`| ${name} | ${one.toFixed(0)} ms | ${four.toFixed(0)} ms | ${(four / one).toFixed(1)} × |\n`);
}
