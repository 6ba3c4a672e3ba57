import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linksLeaving } from '../../../../cli/core/load/symlinks.ts';
import { tempDir } from '../../../helpers/cli.ts';

describe('linksLeaving', () => {
  it('refuses links leading out of the folder or nowhere, and lets links inside it be', async () => {
    const project = tempDir('ecom-links-');
    const pub = join(project, 'public');
    mkdirSync(join(pub, 'files'), { recursive: true });
    writeFileSync(join(pub, 'files', 'report.pdf'), 'pdf');
    writeFileSync(join(project, '.env'), 'SECRET=1');
    symlinkSync('report.pdf', join(pub, 'files', 'latest.pdf'));
    symlinkSync('../files', join(pub, 'files', 'again'));
    symlinkSync('/etc/passwd', join(pub, 'files', 'leak.txt'));
    symlinkSync('../../.env', join(pub, 'files', 'env.txt'));
    symlinkSync('../..', join(pub, 'up'));
    symlinkSync('missing.pdf', join(pub, 'files', 'gone.pdf'));
    const problems = await linksLeaving(pub, project);
    expect(problems.map((p) => [p.code, p.message.replaceAll(`${project}/`, '')])).toEqual([
      [
        'SYMLINK_OUTSIDE',
        'public/files/env.txt is a symbolic link to ../../.env, outside public/; the build reads nothing from outside it.',
      ],
      ['SYMLINK_OUTSIDE', 'public/files/gone.pdf is a symbolic link to missing.pdf, which does not exist.'],
      [
        'SYMLINK_OUTSIDE',
        'public/files/leak.txt is a symbolic link to /etc/passwd, outside public/; the build reads nothing from outside it.',
      ],
      ['SYMLINK_OUTSIDE', 'public/up is a symbolic link to ../.., outside public/; the build reads nothing from outside it.'],
    ]);
  });

  it('refuses public/ itself leading out of the project, and says nothing of a missing folder', async () => {
    const project = tempDir('ecom-links-');
    symlinkSync('/etc', join(project, 'public'));
    expect((await linksLeaving(join(project, 'public'), project)).map((p) => p.code)).toEqual(['SYMLINK_OUTSIDE']);
    expect(await linksLeaving(join(project, 'nothing-here'), project)).toEqual([]);
  });
});
