/**
 * `node --import ./test/bench/register.mjs test/bench/deploy.ts`: times `ecom-site deploy` to a local Ceph
 * radosgw (test/helpers/ceph.ts) for the real site and the generated corpus (`--pages N` per locale,
 * default 2,000): a first deploy into an empty bucket, then a deploy of the same build (nothing to upload).
 * Prints a Markdown table; figures belong in docs/deploy.md ("Measured") and commit messages.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { appendFileSync, existsSync, mkdtempSync } from 'node:fs';
import fg from 'fast-glob';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCeph } from '../helpers/ceph.ts';
import { writeCorpus } from './corpus.ts';
import { measure, ROOT } from './measure.ts';

const BIN = join(ROOT, 'bin', 'ecom-site.js');
const at = process.argv.indexOf('--pages');
const PAGES = at > 0 ? Number(process.argv[at + 1]) : 2000;

const ceph = await startCeph();
try {
  const s3 = new S3Client({
    endpoint: ceph.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ceph.accessKeyId, secretAccessKey: ceph.secretAccessKey },
  });
  const env = { AWS_ACCESS_KEY_ID: ceph.accessKeyId, AWS_SECRET_ACCESS_KEY: ceph.secretAccessKey, AWS_EC2_METADATA_DISABLED: 'true' };
  const work = mkdtempSync(join(tmpdir(), 'ecom-bench-deploy-'));
  const corpus = writeCorpus(work, PAGES);
  const sites = [
    { name: 'real site', content: join(ROOT, 'content'), out: join(work, 'out-real') },
    { name: `${PAGES * 2}-page corpus`, content: corpus.ecom, out: join(work, 'out-corpus') },
  ];
  const rows: string[] = ['| site | files | first deploy | no-change deploy |', '| --- | --- | --- | --- |'];
  for (const [i, site] of sites.entries()) {
    measure(process.execPath, [BIN, 'build', '--content', site.content, '--out', site.out, '--quiet']);
    const bucket = `bench-${i}`;
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const url = `s3://${bucket}?region=us-east-1&endpoint=${ceph.endpoint}&use_path_style=true`;
    const first = measure(process.execPath, [BIN, 'deploy', '--out', site.out, '--to', url, '--json'], ROOT, env);
    const again = measure(process.execPath, [BIN, 'deploy', '--out', site.out, '--to', url, '--json'], ROOT, env);
    const report = JSON.parse(first.stdout) as { uploaded: number; bytes: number };
    const noChange = JSON.parse(again.stdout) as { uploaded: number; unchanged: number };
    if (noChange.uploaded !== 0) throw new Error(`the no-change deploy uploaded ${noChange.uploaded} files`);
    rows.push(
      `| ${site.name} | ${report.uploaded} (${(report.bytes / 1024 / 1024).toFixed(1)} MB) | ${first.wall.toFixed(2)} s wall, ${first.cpu.toFixed(2)} s CPU | ${again.wall.toFixed(2)} s wall, ${again.cpu.toFixed(2)} s CPU |`,
    );
  }
  // Hugo's own deploy of the same corpus as Hugo builds it, to the same server, where Hugo is installed.
  const hugo = ['/usr/bin/hugo', '/usr/local/bin/hugo'].find((p) => existsSync(p));
  if (hugo) {
    await s3.send(new CreateBucketCommand({ Bucket: 'bench-hugo' }));
    appendFileSync(
      join(corpus.hugo, 'hugo.toml'),
      `[deployment]\n[[deployment.targets]]\nname = "ceph"\nURL = "s3://bench-hugo?endpoint=${ceph.endpoint}&s3ForcePathStyle=true&region=us-east-1&disableSSL=true"\n`,
    );
    measure(hugo, ['--source', corpus.hugo, '--quiet']);
    const first = measure(hugo, ['deploy', '--source', corpus.hugo, '--maxDeletes', '-1'], ROOT, env);
    const again = measure(hugo, ['deploy', '--source', corpus.hugo], ROOT, env);
    const files = fg.sync('**/*', { cwd: join(corpus.hugo, 'public'), onlyFiles: true }).length;
    rows.push(
      `| ${PAGES * 2}-page corpus, Hugo's build and \`hugo deploy\` | ${files} | ${first.wall.toFixed(2)} s wall, ${first.cpu.toFixed(2)} s CPU | ${again.wall.toFixed(2)} s wall, ${again.cpu.toFixed(2)} s CPU |`,
    );
  }
  s3.destroy();
  process.stdout.write(`${rows.join('\n')}\n`);
} finally {
  await ceph.stop();
}
