/**
 * Writes docs/errors.md from the error catalogue (cli/core/common/errors.ts): `npm run docs:errors`. The page
 * is never edited by hand; test/scripts/errors-doc.test.ts fails when the committed page is not what this
 * script makes, so a new or changed code reaches the docs in the same commit.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATALOGUE, type Code, type Entry } from '../cli/core/common/errors.ts';

/** The repository root, from this file's place in it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the generated page lives. */
export const ERRORS_DOC = join(ROOT, 'docs', 'errors.md');

const HEADER = `<!-- Generated from cli/core/common/errors.ts by \`npm run docs:errors\`: edit the catalogue, not this page. -->

# Errors and warnings

Errors are printed as \`file:line:column  CODE  message\` with a hint below, without a stack trace (use
\`--debug\`). All problems of one kind of check are reported together. Warnings are collected and printed
once, grouped by kind: each group under its title and count, its places one per line (the first ten, then
\`… and N more\` naming the command that lists them all: \`ecom-site build --report json\`), and its hint once
(a hint computed from each problem's data is printed once for each different text). \`--strict\` makes warnings fatal
(\`STRICT\`); \`watch\` shows the new and resolved ones on every rebuild.

Every command runs inside one error boundary (\`main\` in \`cli/index.ts\`). Wrong usage (an unknown
command or option, a missing option value) is a \`USAGE\` problem, exit 2. A system error (a folder that
cannot be read, a full disk, a busy port, an address that is not this machine's) is one line saying what
happened and what to do, exit 1, e.g.

    ADDRESS_UNAVAILABLE  Cannot listen on 203.0.113.7:4000: it is not an address of this machine. Use an address of this machine with --host, e.g. 127.0.0.1 (local) or 0.0.0.0 (all).

Any other error exits 1. No content can make the tool print a stack trace; \`ecom-site --debug <command>\`
adds one to any error.

## Adding a code

A code is one entry of \`CATALOGUE\` in \`cli/core/common/errors.ts\`; codes are permanent, so rename none.

\`\`\`ts
PAGE_TOO_LARGE: {
  severity: 'error',                 // required: 'error' stops the command, 'warning' does not (unless --strict)
  title: 'Page file too large',      // required: the heading of its group in the terminal
  when: 'a page file is larger …',   // what the tables below say about it
  hint: 'Split the page …',          // required: what to do, a sentence
},
\`\`\`

\`system: true\` marks an operating-system refusal (\`cli/core/common/system-errors.ts\`). Where one fixed
hint would contradict or cut short what some messages say, the hint is computed from the problem's own data;
the arguments after the function are example data, one for each case, that the tables below show it for
(the first is the general case):

\`\`\`ts
hint: computed((d: { above: string }) => \`… raise maxPageSize above the page's size (e.g. \${d.above}) …\`, { above: '7 MB' }),
\`\`\`

\`problem(code, message, place, data)\` then requires that data, as the type checker checks. Run
\`npm run docs:errors\` and commit this page with the entry.
`;

/** A table cell: pipes escaped, lines joined. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The hint as the docs show it: the fixed text, or the computed one for its example data. */
function hintText(entry: Entry): string {
  const { hint } = entry;
  if (typeof hint === 'string') return hint;
  const cases = hint.examples.map((data) => `for \`${JSON.stringify(data)}\`: ${hint.of(data as never)}`);
  return `computed from the problem's data; ${cases.join('<br>')}`;
}

function table(codes: readonly Code[]): string {
  const rows = codes.map((code) => {
    const entry: Entry = CATALOGUE[code];
    return `| \`${code}\` | ${cell(entry.title)} | ${cell(entry.when ?? entry.title)} | ${cell(hintText(entry))} |`;
  });
  return ['| code | title | reported when | hint |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The whole page, from the catalogue as it is now. */
export function renderErrorsDoc(): string {
  const codes = Object.keys(CATALOGUE) as Code[];
  const of = (pick: (entry: Entry) => boolean): Code[] => codes.filter((code) => pick(CATALOGUE[code]));
  const sections: Array<[string, string, Code[]]> = [
    ['Errors', 'The command stops, writes nothing, and exits 1 (`USAGE`: 2).', of((e) => e.severity === 'error' && !e.system)],
    ['System errors', 'Printed on one line, message and hint; exit 1.', of((e) => e.severity === 'error' && e.system === true)],
    ['Warnings', 'The build goes on; with `--strict` they are fatal.', of((e) => e.severity === 'warning')],
  ];
  const body = sections.map(([heading, lead, list]) => `## ${heading}\n\n${lead}\n\n${table(list)}\n`).join('\n');
  return `${HEADER}\n${body}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(ERRORS_DOC, renderErrorsDoc());
  console.log(`${ERRORS_DOC.slice(ROOT.length + 1)} written.`);
}
