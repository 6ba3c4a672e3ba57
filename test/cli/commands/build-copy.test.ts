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
import { UI_TEXT, type UiString } from '../../../templates/strings.ts';

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
    ['compatibility with any DICOM device', /any DICOM 3\.0|DICOM 3\.0 compliant|任何符合DICOM 3\.0标准|符合DICOM 3\.0标准的/i],
    ['every release thoroughly tested', /thoroughly tested|经过充分测试/i],
    ['all core software in-house', /core software in-house|核心软件均由/i],
    ['internal IP procedures', /technology searches|开展技术检索|licences before use|许可证审查/i],
    ['GPU processing as a given', /Processing is GPU-accelerated|with GPU-accelerated rendering/i],
    ['DIOS before TOMS', /We then turned our accumulated|随后，我们把多年积累/],
    ['DIOS in use in microscopy', /microscopy systems, see|显微成像系统等，详见/],
    ['a made-up day in a news story or a legal page', /^(date|updated): \d{4}-\d{2}-\d{2}$/m],
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
    zh: ['兽用工作站', '曲面重组', '设备厂商', '整机厂商', '图像链路', '兽用产品线', '通用诊断工作站', '工业检测', '累积', '附带浏览器'],
    en: [
      'Cloud Web Viewer',
      'Smart-Manufacturing Platform',
      'Compact PACS Server',
      'Veterinary Image Workstation',
      'chiropractic & spine workstation',
      'universal diagnostic workstation',
      'industrial inspection',
      'optional viewer',
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
    // The terminal shows the first places of each kind; the JSON report lists every warning.
    const result = await runCli(['build', '--content', content, '--out', join(tempDir(), 'dist'), '--report', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const { warnings } = JSON.parse(result.stdout) as { warnings: Array<{ code: string; message: string; file?: string }> };
    for (const locale of LOCALES) {
      for (const variant of planted[locale]) {
        const found = variant === 'fluoroscopy loops' ? 'loops' : variant;
        const named = warnings.filter(
          (w) =>
            w.code === 'TERM_VARIANT' && w.file?.endsWith(`content/${locale}/DROC.md`) && w.message.startsWith(`"${found}" is a variant`),
        );
        expect(named.length, variant).toBe(1);
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

describe('English names and capitals (the house rule in content/_terms.yaml)', () => {
  /** Names in Title Case by the rule: the term base's preferred English terms with a capital inside (full product names, DICOM services). */
  const terms = (parse(readFileSync(join(CONTENT, '_terms.yaml'), 'utf8')) as { terms: Array<{ en?: { use: string } }> }).terms;
  const proper = terms
    .map((t) => t.en?.use ?? '')
    .filter((use) => /\s.*[A-Z]|^[a-z].*[A-Z]/.test(use))
    // The longest first: "Cone Beam CT Operating Console" before the "CT Operating Console" inside it.
    .sort((a, b) => b.length - a.length);
  /** The words of a title, heading, card name or menu label written with a capital but no proper name. */
  function titleCased(title: string): string[] {
    let text = title.replace(/^"|"$/g, '').replace(/^\d+\.\s*/, '');
    for (const name of proper) text = text.replaceAll(name, 'X');
    const words = text.split(/\s+/);
    // A code name (DROC, VET_CTOC, MiniPACS) may open the title before its first word.
    const rest = words.slice(/^[A-Z0-9_]{2,}$|[a-z][A-Z]|^\{\w+\}$/.test(words[0] ?? '') ? 2 : 1);
    return rest.filter((word) => /^[A-Z][a-z]+\W*$/.test(word));
  }

  it('writes page titles, headings, card and highlight titles in sentence case', () => {
    const found = PAGES.filter((page) => page.locale === 'en').flatMap((page) =>
      page.text
        .split('\n')
        .map((line, i) => [/^(?:title: |#+ |\s*- title: |\s*title: |\s*name: )(.*)$/.exec(line)?.[1], i + 1] as const)
        .filter(([title]) => title !== undefined && titleCased(title).length > 0)
        .map(([title, n]) => `${page.file}:${n}: ${title}`),
    );
    expect(found).toEqual([]);
  });

  it('writes the menu and the section titles in sentence case too', () => {
    const strings = parse(readFileSync(join(CONTENT, 'en', '_strings.yaml'), 'utf8')) as Record<string, string>;
    const labels = Object.entries({ ...Object.fromEntries(Object.entries(UI_TEXT).map(([id, t]) => [id, t.en])), ...strings })
      .filter(([id]) => /^(nav|menu|product|section|footer)\./.test(id) && !/^footer\.(about|rights)$/.test(id))
      .filter(([, label]) => titleCased(label).length > 0);
    expect(labels).toEqual([]);
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

  /** A UI string as a page of `locale` shows it: the locale's _strings.yaml, else the built-in text. */
  const ui = (locale: (typeof LOCALES)[number], id: UiString): string | undefined => strings[locale]?.[id] ?? UI_TEXT[id][locale];

  it('is on every console, workstation and platform page of both locales, in the words of its product family', () => {
    expect(products.length).toBe(36);
    // The factory platform asks for a project talk, the web viewer for an online demo, software in devices for an integration talk.
    const buttonOf = (route: string): UiString =>
      route === '/toms' ? 'cta.factory.button' : route === '/Webview' ? 'cta.viewer.button' : 'cta.product.button';
    for (const page of products) {
      const route = `/${page.file.slice(3, -3)}`;
      const html = join(out, `${pathOf(route, page.locale).slice(1)}.html`);
      const links = selectAll('main .cta-band a', readHtml(html)).map((a) => [String(a.properties.href), toString(a).trim()]);
      expect(links, page.file).toEqual([[pathOf('/contactUs', page.locale), ui(page.locale, buttonOf(route))]]);
    }
    const titles = (route: string, locale: (typeof LOCALES)[number]): string =>
      toString(
        selectAll('main .cta-band h2', readHtml(join(out, `${pathOf(route, locale).slice(1)}.html`)))[0] ?? { type: 'root', children: [] },
      );
    for (const locale of LOCALES) {
      expect(titles('/toms', locale)).toBe(ui(locale, 'cta.factory.title'));
      expect(titles('/Webview', locale)).toBe(ui(locale, 'cta.viewer.title'));
      expect(titles('/DROC', locale)).toBe(ui(locale, 'cta.product.title'));
    }
  });

  it('comes from the UI strings, not written again in the Markdown of those pages nor at the end of a product line', () => {
    expect(products.filter((page) => page.text.includes('(/contactUs)')).map((page) => page.file)).toEqual([]);
    // A product-line page ends with the general band: its last paragraph is no hand-written "contact us" above it.
    const families = PAGES.filter((page) => /^template: family$/m.test(page.text));
    expect(families.length).toBe(12);
    const lastBlock = (text: string): string =>
      text
        .trim()
        .split(/\n\s*\n/)
        .at(-1) ?? '';
    expect(families.filter((page) => lastBlock(page.text).includes('(/contactUs)')).map((page) => page.file)).toEqual([]);
  });
});

describe('the legal pages', () => {
  const text = (file: string): string => PAGES.find((page) => page.file === file)?.text ?? '';

  it.each([
    [
      'en/privacy.md',
      ['Art. 6(1)(b) GDPR', 'Art. 6(1)(f) GDPR', 'Art. 13(1)(2) PIPL', 'at least six months', 'Art. 27 GDPR', '(/join)'],
      // Enquiries for a company or from the press (consent under the PIPL), portability and withdrawal of consent.
      ['Art. 13(1)(1) PIPL', 'by the press', 'Art. 15 PIPL', 'Art. 6(1)(a) GDPR', 'Art. 20 GDPR', 'Art. 7(3) GDPR'],
    ],
    [
      'zh/privacy.md',
      ['GDPR第6条第1款b项', 'GDPR第6条第1款f项', '第十三条第一款第二项', '不少于六个月', 'GDPR第27条', '(/join)'],
      ['第十三条第一款第一项', '以媒体身份', '第十五条', 'GDPR第6条第1款a项', 'GDPR第20条', 'GDPR第7条第3款'],
    ],
  ])('%s covers enquiries and applications, log retention, hosting and the EU representative', (file, needed, added) => {
    for (const words of [...needed, ...added]) expect(text(file), words).toContain(words);
    // What the company decides comes from site.yaml, where a stand-in is refused by --strict: where the site and
    // the e-mail that receives enquiries and CVs are hosted (the cross-border section covers both).
    expect(text(file)).toContain('{hostingLocation}');
    expect(text(file)).toContain('{emailHostingLocation}');
    expect(text(file)).toContain('{euRepresentative}');
  });

  it('has the careers page link the privacy policy where it invites CVs', () => {
    for (const locale of LOCALES) expect(text(`${locale}/join.md`)).toMatch(/\(\/privacy\)/);
  });

  it('names in the legal statement every third-party mark the pages use', () => {
    const marks = ['DICOM', 'HL7', 'DICONDE', 'BI-RADS', 'Windows', 'Wi-Fi', 'DVD', 'Android', 'iOS', 'Excel'];
    const used = marks.filter((mark) => PAGES.some((page) => !/\/law\.md$/.test(page.file) && new RegExp(`\\b${mark}\\b`).test(page.text)));
    expect(used).toEqual(expect.arrayContaining(['DICOM', 'HL7', 'BI-RADS']));
    for (const locale of LOCALES) {
      const trademarks =
        text(`${locale}/law.md`)
          .split(/^## /m)
          .find((section) => /^3\./.test(section)) ?? '';
      for (const mark of used) expect(trademarks, `${locale}: ${mark}`).toContain(mark);
    }
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

  it('dates the legal pages to the month the brief gives, shown in the language of the page', async () => {
    const out = await sharedSite();
    for (const file of ['zh/law.md', 'zh/privacy.md', 'en/law.md', 'en/privacy.md']) expect(text(file)).toMatch(/^updated: 2024-11$/m);
    const shown = (route: string, locale: (typeof LOCALES)[number]): string[] =>
      selectAll('main time', readHtml(join(out, `${pathOf(route, locale).slice(1)}.html`))).map(
        (t) => `${t.properties.dateTime} ${toString(t)}`,
      );
    expect(shown('/privacy', 'zh')).toEqual(['2024-11 2024年11月']);
    expect(shown('/law', 'en')).toEqual(['2024-11 November 2024']);
  });

  it('leaves the dates the brief does not give to site.yaml stand-ins, listed as such', () => {
    const site = parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { placeholders: string[]; newsDates: Record<string, string> };
    expect(site.placeholders).toContain('newsDates');
    const articles = PAGES.filter((page) => page.file.includes('/news/'));
    expect(articles.length).toBe(10);
    for (const page of articles) {
      expect(page.text, page.file).not.toMatch(/^date:/m);
      expect(site.newsDates[page.file.replace(/^\w+\/news\/|\.md$/g, '')], page.file).toMatch(/^\d{4}-\d{2}$/);
    }
  });

  it('gives sales, support and partnerships their own e-mail stand-ins on the contact page', () => {
    const site = parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as Record<string, unknown> & { placeholders: string[] };
    const fields = ['salesEmail', 'supportEmail', 'partnerEmail'];
    expect(site.placeholders).toEqual(expect.arrayContaining(fields));
    expect(new Set(fields.map((f) => site[f])).size).toBe(3);
    for (const locale of LOCALES) for (const f of fields) expect(text(`${locale}/contactUs.md`)).toContain(`value: "{${f}}"`);
  });

  it('names the statutory exceptions of Chinese copyright law, not the US fair use doctrine', () => {
    expect(linesMatching(/fair use/i)).toEqual([]);
    expect(text('en/law.md')).toContain('Article 24 of the Copyright Law of the People');
    expect(text('zh/law.md')).toContain('《中华人民共和国著作权法》第二十四条');
  });
});
