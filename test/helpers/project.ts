/**
 * A throw-away copy of the whole project (templates, public, client and the CLI itself, plus the real
 * content), so that a test may edit what `watch` watches outside the content folder. Its node_modules is a
 * folder of links to the real packages with a cache of its own: the CLI finds its root from the bundle's
 * location, which must therefore lie inside the copy.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './cli.ts';

/**
 * Copies the project into a temp folder; returns its root. With `sharedCaches` (the default) the copy's
 * caches of encoded photos and social cards are the project's own (a test that inspects a cache wants its
 * own: pass false). `copiedPhotos` starts an own cache with a copy of the project's encoded photos, for a
 * test about the other caches that should not pay for encoding every photo again.
 */
export function copyProject({
  sharedCaches = true,
  copiedPhotos = false,
}: {
  sharedCaches?: boolean;
  copiedPhotos?: boolean;
} = {}): string {
  const root = join(tempDir('ecom-project-'), 'site');
  for (const part of ['bin', 'cli', 'client', 'shared', 'templates', 'public', 'content', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  }
  const modules = join(root, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  // Encoded photos and social cards are cached by what their bytes depend on, and written atomically:
  // the copy shares the project's caches rather than encoding every photo again.
  const cache = join(modules, '.cache', 'ecom-site');
  mkdirSync(cache, { recursive: true });
  if (!sharedCaches && copiedPhotos) {
    const photos = join(ROOT, 'node_modules', '.cache', 'ecom-site', 'images');
    if (existsSync(photos)) cpSync(photos, join(cache, 'images'), { recursive: true });
  }
  for (const shared of sharedCaches ? ['images', 'cards'] : []) {
    mkdirSync(join(ROOT, 'node_modules', '.cache', 'ecom-site', shared), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', '.cache', 'ecom-site', shared), join(cache, shared));
  }
  return root;
}
