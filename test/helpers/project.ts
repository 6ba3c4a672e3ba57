/**
 * A throw-away copy of the whole project (templates, public, client and the CLI itself, plus the real
 * content), so that a test may edit what `watch` watches outside the content folder. Its node_modules is a
 * folder of links to the real packages with a cache of its own: the CLI finds its root from the bundle's
 * location, which must therefore lie inside the copy.
 */
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './cli.ts';

/** Copies the project into a temp folder; returns its root. */
export function copyProject(): string {
  const root = join(tempDir('ecom-project-'), 'site');
  for (const part of ['bin', 'cli', 'client', 'templates', 'public', 'content', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  }
  const modules = join(root, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  return root;
}
