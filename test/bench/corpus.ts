/**
 * The benchmark corpus: N pages per locale of realistic marketing Markdown (front matter, `##`/`###`
 * sections, emphasis, internal links, lists, a GFM table, an image; real Chinese prose on zh pages), laid
 * out for ecom-site, Eleventy 3 and Hugo from the same Markdown. Deterministic for a given N.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ZH = [
  '本产品是运行在X射线系统控制电脑上的采集与工作流软件，将平板探测器、高压发生器与医院信息系统连接在一起。',
  '技师在同一界面完成患者登记、曝光、审阅与发送，减少切换，缩短每位患者的检查时间。',
  '软件支持DICOM 3.0，包括工作列表查询、执行步骤通知、存储确认与胶片打印。',
  '多频图像处理在保留细节的同时压制噪声，让骨骼与软组织在同一幅图像中都清晰可辨。',
  '我们自1997年起为设备制造商提供操作系统与影像软件，服务200多家OEM客户。',
  '产品应用于100多个国家和地区，界面和文档均提供多语言版本。',
  '拼接功能自动对齐多次曝光，适用于全脊柱和双下肢长骨检查。',
  '剂量信息随每次检查记录并可导出为结构化剂量报告，方便质控与追溯。',
  '品牌定制层让制造商保留自己的界面风格，而无需维护一套独立的代码。',
  '远程维护工具帮助服务工程师在不到现场的情况下定位问题。',
  '图像可按挂片协议自动排列，医生打开检查即可阅片。',
  '系统在断网时继续工作，网络恢复后自动补传待发送的图像。',
];
const EN = [
  'The console is the acquisition and workflow software that runs on the control PC of an X-ray system, tying together detector, generator and hospital systems.',
  'Technologists register, expose, review and send from one screen, which shortens every examination.',
  'It speaks DICOM 3.0, including Modality Worklist, MPPS, Storage Commitment and DICOM Print.',
  'Multi-frequency processing suppresses noise while keeping detail, so bone and soft tissue read well in one image.',
  'Since 1997 we have supplied operating-system and imaging software to more than 200 OEM customers.',
  'Our software is used in more than 100 countries, with localised interfaces and documentation.',
  'Stitching aligns several exposures automatically for whole-spine and long-leg studies.',
  'Dose data is recorded for every study and can be exported as a structured dose report.',
  'A branding layer lets each manufacturer keep its own look without maintaining a separate code base.',
  'Remote service tools help engineers find a fault without travelling to the site.',
  'Hanging protocols arrange images automatically, so the reader starts reading at once.',
  'The system keeps working offline and sends queued images when the network returns.',
];

/** A small deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Markdown body of page `i` in a locale, about 1.8 KB. */
export function pageBody(i: number, locale: 'zh' | 'en', pages: number): string {
  const rnd = random(i * 7 + (locale === 'zh' ? 1 : 2));
  const pool = locale === 'zh' ? ZH : EN;
  const pick = (): string => pool[Math.floor(rnd() * pool.length)] ?? '';
  const sentences = (n: number): string => Array.from({ length: n }, pick).join(locale === 'zh' ? '' : ' ');
  const link = (): number => Math.floor(rnd() * pages);
  const h =
    locale === 'zh'
      ? { about: '产品简介', feat: '主要功能', detail: '技术细节', spec: '规格' }
      : { about: 'About', feat: 'Features', detail: 'Technical details', spec: 'Specifications' };
  return [
    `## ${h.about}`,
    '',
    `${sentences(2)} **${locale === 'zh' ? '开放接口' : 'Open interfaces'}** ${locale === 'zh' ? '与' : 'and'} *${locale === 'zh' ? '可定制流程' : 'configurable workflows'}*. [${locale === 'zh' ? '相关产品' : 'Related product'}](/p${link()})`,
    '',
    `## ${h.feat}`,
    '',
    `- ${pick()}`,
    `- ${pick()} [${locale === 'zh' ? '详情' : 'Details'}](/p${link()})`,
    `- ${pick()}`,
    `- ${pick()}`,
    '',
    `### ${h.detail}`,
    '',
    sentences(2),
    '',
    `![${locale === 'zh' ? '产品示意图' : 'Product illustration'}](/images/hero.svg)`,
    '',
    `## ${h.spec}`,
    '',
    `| ${locale === 'zh' ? '项目' : 'Item'} | ${locale === 'zh' ? '说明' : 'Value'} |`,
    '| --- | --- |',
    '| DICOM | 3.0 |',
    `| ${locale === 'zh' ? '语言' : 'Languages'} | 12 |`,
    `| ${locale === 'zh' ? '接口' : 'Interfaces'} | HL7, DICOM, REST |`,
    '',
    sentences(1),
    '',
  ].join('\n');
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Writes the corpus for all three tools under `dir`; returns their input folders. */
export function writeCorpus(dir: string, pagesPerLocale: number): { ecom: string; eleventy: string; hugo: string } {
  const ecom = join(dir, 'ecom', 'content');
  const eleventy = join(dir, 'eleventy');
  const hugo = join(dir, 'hugo');
  write(
    join(ecom, 'site.yaml'),
    'baseUrl: https://bench.example\ncompany: { zh: 基准公司, en: Bench Co }\nphone: "+86 000"\nemail: bench@example.test\n',
  );
  write(
    join(ecom, 'menu.yaml'),
    `groups:\n  - label: menu.medical\n    items:\n${Array.from({ length: Math.min(30, pagesPerLocale) }, (_, i) => `      - { route: /p${i}, label: product.DROC }\n`).join('')}links:\n  - { route: /, label: nav.company }\n`,
  );
  for (const locale of ['zh', 'en'] as const) {
    // The real UI strings, so the corpus builds without warnings.
    mkdirSync(join(ecom, locale), { recursive: true });
    copyFileSync(join(import.meta.dirname, '..', '..', 'content', locale, '_strings.yaml'), join(ecom, locale, '_strings.yaml'));
    write(
      join(ecom, locale, 'index.md'),
      `---\ntitle: Bench\ndescription: Bench home\nkeywords: bench\n---\n\n${locale === 'zh' ? '基准测试首页。' : 'Benchmark home.'}\n`,
    );
    for (let i = 0; i < pagesPerLocale; i++) {
      const title = locale === 'zh' ? `产品${i}` : `Product ${i}`;
      const front = `---\ntitle: ${title}\ndescription: ${locale === 'zh' ? `产品页面${i}` : `A product page ${i}`}\nkeywords: X-ray, console, ${i}\n---\n\n`;
      const body = pageBody(i, locale, pagesPerLocale);
      write(join(ecom, locale, `p${i}.md`), front + body);
      // The peers' pages say their language too, so that Pagefind run over them segments Chinese as Chinese.
      const lang = `lang: ${locale === 'zh' ? 'zh-CN' : 'en'}\n---\n\n`;
      write(join(eleventy, locale, `p${i}.md`), front.replace('---\n\n', `layout: page.njk\n${lang}`) + body);
      write(join(hugo, 'content', locale, `p${i}.md`), front.replace('---\n\n', lang) + body);
    }
  }
  // Eleventy: one Nunjucks layout of similar weight to ecom-site's (head, header menu, footer).
  write(
    join(eleventy, '_includes', 'page.njk'),
    LAYOUT.replace('{{CONTENT}}', '{{ content | safe }}')
      .replace(/{{TITLE}}/g, '{{ title }}')
      .replace('{{LANG}}', '{{ lang }}')
      .replace('{{DESC}}', '{{ description }}'),
  );
  write(
    join(hugo, 'hugo.toml'),
    'baseURL = "https://bench.example/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n[markup.goldmark.renderer]\nunsafe = false\n',
  );
  write(
    join(hugo, 'layouts', '_default', 'single.html'),
    LAYOUT.replace('{{CONTENT}}', '{{ .Content }}')
      .replace(/{{TITLE}}/g, '{{ .Title }}')
      .replace('{{LANG}}', '{{ .Params.lang }}')
      .replace('{{DESC}}', '{{ .Description }}'),
  );
  write(join(hugo, 'layouts', '_default', 'list.html'), '<!doctype html><title>{{ .Title }}</title>');
  write(join(hugo, 'layouts', 'index.html'), '<!doctype html><title>Bench</title>');
  return { ecom, eleventy, hugo };
}

const MENU = Array.from({ length: 30 }, (_, i) => `<li><a href="/p${i}">Product ${i}</a></li>`).join('');
const LAYOUT = `<!doctype html><html lang="{{LANG}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{TITLE}}</title><meta name="description" content="{{DESC}}"><link rel="stylesheet" href="/assets/site.css"><script src="/assets/app.js" defer></script></head><body><a class="skip-link" href="#main">Skip</a><div class="progress" role="progressbar" hidden></div><header><nav aria-label="Main"><button aria-expanded="false" aria-controls="m">Products</button><div id="m"><ul>${MENU}</ul></div></nav><a hreflang="zh-CN" href="/">中文</a></header><main id="main"><h1>{{TITLE}}</h1>{{CONTENT}}</main><footer><ul>${MENU}</ul><p>© Bench</p></footer><div role="status"></div><button class="back-to-top">Back to top</button></body></html>`;
