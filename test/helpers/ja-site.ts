/**
 * The three-locale fixture (docs/locales.md): the real content plus Japanese, configured in site.yaml as a
 * third locale with English as its fallback. Japanese has a few real pages (test/fixtures/ja: contact and
 * news) and its UI text, less two ids; every other page is a stand-in.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyContent, ROOT, runCli, tempDir, type CliResult } from './cli.ts';

/** The fixture's files. */
export const JA_FIXTURE = join(ROOT, 'test', 'fixtures', 'ja');

/** The routes Japanese has its own page for. */
export const JA_OWN_ROUTES = ['/contactUs', '/news'] as const;

/** The Japanese texts site.yaml gives per locale: the company, its legal entity, its address and the privacy policy's stand-ins (where the site and its e-mail are hosted, the EU representative). */
const JA_NAMES: Record<string, string> = {
  company: 'イーカン・テクノロジー',
  legalEntity: '［会社の正式名称］',
  address: '［登記上の所在地］',
  hostingLocation: '［サーバーの所在国・地域］',
  emailHostingLocation: '［メールサーバーの所在国・地域］',
  euRepresentative: '［EU代理人の名称と連絡先、またはGDPR第27条第2項により指定を要しない理由］',
};

/** A copy of the real content with ja added: site.yaml's `locales` and per-locale names, content/ja/. */
export function makeJapaneseContent(): string {
  const dir = copyContent();
  const site = join(dir, 'site.yaml');
  let text = readFileSync(site, 'utf8');
  for (const [field, name] of Object.entries(JA_NAMES)) {
    text = text.replace(new RegExp(`^(${field}:\\n  zh: .*\\n  en: .*\\n)`, 'm'), `$1  ja: ${name}\n`);
  }
  writeFileSync(site, `${readFileSync(join(JA_FIXTURE, 'site-locales.yaml'), 'utf8')}${text}`);
  cpSync(JA_FIXTURE, join(dir, 'ja'), { recursive: true, filter: (path) => !path.endsWith('site-locales.yaml') });
  return dir;
}

/** Builds the fixture into a new folder. */
export async function buildJapaneseSite(args: string[] = []): Promise<CliResult & { content: string; out: string }> {
  const content = makeJapaneseContent();
  const out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--content', content, '--out', out, ...args]);
  return { ...result, content, out };
}
