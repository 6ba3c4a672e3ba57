// The parse floor: reads the corpus's page files, strips their front matter with gray-matter
// and parses each body with remark-parse + remark-gfm (`parse` and `runSync`, nothing else), in one
// thread, as a process of its own. Prints a JSON line: files, and the time spent in the loop (wall and
// CPU, ms); the bench also measures the whole process.
//
// With --html, the stack floor: each body also goes on through remark-rehype and rehype-react (React's
// production jsx runtime, as the build uses) and renderToStaticMarkup, so the loop does what any site on
// this stack does for a page's Markdown, and no more: no template, no front matter, no writes.
//
//   node test/bench/parse-only.mjs CONTENT_DIR [--html]
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
/** The body's HTML (--html), or nothing: loaded only then, so the parse floor loads none of it. */
let toHtml;
if (process.argv.includes('--html')) {
  // React picks its production build from NODE_ENV when first loaded, as the bundled CLI's does.
  process.env.NODE_ENV = 'production';
  const [{ default: remarkRehype }, { default: rehypeReact }, { Fragment, jsx, jsxs }, { renderToStaticMarkup }] = await Promise.all([
    import('remark-rehype'),
    import('rehype-react'),
    import('react/jsx-runtime'),
    import('react-dom/server'),
  ]);
  const rest = unified().use(remarkRehype).use(rehypeReact, { Fragment, jsx, jsxs });
  toHtml = (tree) => renderToStaticMarkup(rest.stringify(rest.runSync(tree)));
}
const cpu = process.cpuUsage();
const started = performance.now();
let nodes = 0;
let html = 0;
for (const file of files) {
  const { content: body } = matter(readFileSync(file, 'utf8'), { language: 'yaml' });
  const tree = processor.runSync(processor.parse(body));
  nodes += tree.children.length;
  if (toHtml) html += toHtml(tree).length;
}
const wall = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ files: files.length, nodes, html, wallMs: wall, cpuMs: (user + system) / 1000 }));
