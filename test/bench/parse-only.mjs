// The parse floor (issue 16): reads the corpus's page files, strips their front matter with gray-matter
// and parses each body with remark-parse + remark-gfm (`parse` and `runSync`, nothing else), in one
// thread, as a process of its own. Prints a JSON line: files, and the time spent in the loop (wall and
// CPU, ms); the bench also measures the whole process.
//
//   node test/bench/parse-only.mjs CONTENT_DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const content = process.argv[2];
if (!content) throw new Error('usage: node test/bench/parse-only.mjs CONTENT_DIR');

/** The page files the build reads: every `.md` under the content folder, in name order. */
function pages(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...pages(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

const files = pages(content);
const processor = unified().use(remarkParse).use(remarkGfm);
const cpu = process.cpuUsage();
const started = performance.now();
let nodes = 0;
for (const file of files) {
  const { content: body } = matter(readFileSync(file, 'utf8'), { language: 'yaml' });
  const tree = processor.runSync(processor.parse(body));
  nodes += tree.children.length;
}
const wall = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ files: files.length, nodes, wallMs: wall, cpuMs: (user + system) / 1000 }));
