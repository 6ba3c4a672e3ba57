/**
 * The copy of the real site as a reviewer signed it off (docs/copy-and-filing.md): no claim the company cannot
 * stand behind comes back in either language, one term per concept (the term base warns on each variant),
 * and every console, workstation and platform page ends with its call to action from the UI strings.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT, copyContent, readHtml, runCli, tempDir } from '../../helpers/cli.ts';
import { sharedSite } from '../../helpers/shared-site.ts';
import { pathOf } from '../../helpers/site.ts';

const LOCALES = ['zh', 'en'] as const;

/** Every page file of the real content: its path under content/ and its text. */
const PAGES = LOCALES.flatMap((locale) =>
  readdirSync(join(CONTENT, locale), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({ locale, file: `${locale}/${file}`, text: readFileSync(join(CONTENT, locale, file), 'utf8') })),
);

/** The lines of the pages (`only`: those whose path matches) that match `pattern`, as `file:line: text`. */
function linesMatching(pattern: RegExp, only = /./): string[] {
  return PAGES.filter((page) => only.test(page.file)).flatMap((page) =>
    page.text
      .split('\n')
      .map((line, i) => [line, i + 1] as const)
      .filter(([line]) => pattern.test(line))
      .map(([line, n]) => `${page.file}:${n}: ${line}`),
  );
}

describe('claims the company could not stand behind', () => {
  it.each([
    ['a made-up date called today', /今天(正式)?发布|today released|released today/i],
    ['the trade show named in the slug', /rsna/i],
    ['a week at the show', /spent the week|a week of|much of the week|用一周时间/i],
    ['standard conformance', /IEC\s*62494|NEMA\s*XR\s*-?25/i],
    ['surgical guides', /surgical guides?|手术导板/i],
    ['long-term field use (DIOS)', /长期稳定运行|proven in the field/i],
    ['use claimed, not designed for (DFOC, VET_DROC, VET)', /It is used on|Equipment makers use it|has the same detector/],
    ['end-to-end encryption', /end[- ]to[- ]end encrypt|端到端加密/i],
  ])('never states %s, in either language', (_what, pattern) => {
    expect(linesMatching(pattern)).toEqual([]);
  });

  it('says the cloud viewer encrypts in transit, not end to end', () => {
    expect(linesMatching(/end[- ]to[- ]end|全程加密|端到端/i, /Webview\.md$/)).toEqual([]);
    expect(linesMatching(/Encrypted in transit|传输过程加密/, /Webview\.md$/)).toHaveLength(2);
  });

  it('names no slug or image after the show', () => {
    expect(PAGES.map((page) => page.file).filter((file) => /rsna/i.test(file))).toEqual([]);
  });

  it('claims no registrations or issuing body for the IP pilot', () => {
    const registrations = /软件著作权|商标|著作权登记|copyright|trademark|知识产权局|CNIPA|Intellectual Property Office|Administration/i;
    expect(linesMatching(registrations, /news\/ip-pilot-enterprise\.md$/)).toEqual([]);
  });

  it.each([
    ['tomosynthesis', /DRFOC\.md$/, /tomosynthesis|体层合成/i],
    ['digital subtraction', /VET_DFOC\.md$/, /subtraction|数字减影/i],
    ['bolus tracking', /\/CTOC\.md$/, /bolus tracking|团注追踪/i],
  ])('marks %s as an option wherever it is offered', (_what, file, feature) => {
    const offered = linesMatching(feature, file);
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect(offered.filter((line) => !/option|可选/i.test(line))).toEqual([]);
  });
});

describe('one term per concept', () => {
  const planted = {
    zh: ['兽用工作站', '曲面重组', '设备厂商', '整机厂商', '图像链路'],
    en: [
      'veterinary workstation',
      'VetWorkstation',
      'fluoroscopy loops',
      'curved reformatting',
      'orthopedic',
      'unleveling',
      'DICOM storage',
      'image chain',
      'device makers',
    ],
  };

  it('warns on each planted variant, naming the preferred term, in both languages', async () => {
    const content = copyContent();
    appendFileSync(join(content, 'zh', 'DROC.md'), `\n${planted.zh.map((v) => `支持${v}。`).join('\n\n')}\n`);
    appendFileSync(join(content, 'en', 'DROC.md'), `\n${planted.en.map((v) => `With ${v}.`).join('\n\n')}\n`);
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist')]);
    expect(result.code, result.stderr).toBe(0);
    for (const locale of LOCALES) {
      for (const variant of planted[locale]) {
        const found = variant === 'fluoroscopy loops' ? 'loops' : variant;
        expect(result.stderr, variant).toMatch(
          new RegExp(`content/${locale}/DROC\\.md:\\d+:\\d+\\s+TERM_VARIANT\\s+"${found}" is a variant`),
        );
      }
    }
  });

  it('finds none on the real pages', async () => {
    const result = await runCli(['build', '--out', join(tempDir(), 'dist'), '--report']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('TERM_VARIANT');
    expect(result.stdout).not.toContain('terms named in one locale only');
  });
});

describe('the call to action of product pages', () => {
  let out: string;
  beforeAll(async () => {
    out = await sharedSite();
  });
  const products = PAGES.filter((page) => /^template: (console|workstation|platform)$/m.test(page.text));
  const strings = Object.fromEntries(
    LOCALES.map((l) => [l, parse(readFileSync(join(CONTENT, l, '_strings.yaml'), 'utf8')) as Record<string, string>]),
  );

  it('is on every console, workstation and platform page of both locales, linking to the contact page', () => {
    expect(products.length).toBe(36);
    for (const page of products) {
      const route = `/${page.file.slice(3, -3)}`;
      const html = join(out, `${pathOf(route, page.locale).slice(1)}.html`);
      const links = selectAll('main .cta-band a', readHtml(html)).map((a) => [String(a.properties.href), toString(a).trim()]);
      expect(links, page.file).toEqual([[pathOf('/contactUs', page.locale), strings[page.locale]?.['cta.product.button']]]);
    }
  });

  it('comes from the UI strings, not written again in the Markdown of those pages', () => {
    expect(products.filter((page) => page.text.includes('(/contactUs)')).map((page) => page.file)).toEqual([]);
  });
});

describe('the legal pages', () => {
  const text = (file: string): string => PAGES.find((page) => page.file === file)?.text ?? '';

  it.each([
    ['en/privacy.md', ['Art. 6(1)(b) GDPR', 'Art. 6(1)(f) GDPR', 'Art. 13(1)(2) PIPL', 'at least six months', 'Art. 27 GDPR', '(/join)']],
    ['zh/privacy.md', ['GDPR第6条第1款b项', 'GDPR第6条第1款f项', '第十三条第一款第二项', '不少于六个月', 'GDPR第27条', '(/join)']],
  ])('%s covers enquiries and applications, log retention, hosting and the EU representative', (file, needed) => {
    for (const words of needed) expect(text(file), words).toContain(words);
    // What the company decides comes from site.yaml, where a stand-in is refused by --strict.
    expect(text(file)).toContain('{hostingLocation}');
    expect(text(file)).toContain('{euRepresentative}');
  });

  it('lists where the site is hosted and the EU representative as stand-ins, and shows them on the page', async () => {
    const site = parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as {
      placeholders: string[];
      hostingLocation: Record<string, string>;
      euRepresentative: Record<string, string>;
    };
    expect(site.placeholders).toEqual(expect.arrayContaining(['hostingLocation', 'euRepresentative']));
    const out = await sharedSite();
    for (const locale of LOCALES) {
      const html = readFileSync(join(out, `${pathOf('/privacy', locale).slice(1)}.html`), 'utf8');
      expect(html).toContain(site.hostingLocation[locale]);
      expect(html).toContain(site.euRepresentative[locale]);
    }
  });

  it('names the statutory exceptions of Chinese copyright law, not the US fair use doctrine', () => {
    expect(linesMatching(/fair use/i)).toEqual([]);
    expect(text('en/law.md')).toContain('Article 24 of the Copyright Law of the People');
    expect(text('zh/law.md')).toContain('《中华人民共和国著作权法》第二十四条');
  });
});
