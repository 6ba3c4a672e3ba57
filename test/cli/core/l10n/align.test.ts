/**
 * The side-by-side check (cli/core/l10n/align.ts, scripts/side-by-side.ts): the blocks of a page pair written in
 * one language only, found by kind and order, on planted pairs, on any removal (seeded), and on the real site.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpairedBlocks } from '../../../../cli/core/l10n/align.ts';
import { blocksOf, type Block } from '../../../../cli/core/l10n/blocks.ts';
import { readSourceText } from '../../../../cli/core/l10n/frontmatter.ts';
import { formatFindings, sideBySide } from '../../../../scripts/side-by-side.ts';
import { CONTENT, copyContent } from '../../../helpers/cli.ts';
import { random } from '../../../helpers/random.ts';

/** The blocks of a page written as `text` (front matter and body). */
function blocks(text: string): Block[] {
  return blocksOf(readSourceText(text, 'p.md'));
}

const ZH = `---
title: 标题
highlights:
  - { title: 一, text: 甲 }
  - { title: 二, text: 乙 }
---

## 产品简介

DROC支持DICOM存储，详见[DR](/DR)。

- 工作列表
- 存储确认

| 名称 | 有效期 |
| --- | --- |
| i18n_redirected | 365天 |
`;

const EN = `---
title: Title
highlights:
  - { title: One, text: A }
  - { title: Two, text: B }
---

## About

DROC supports DICOM Storage; see [DR](/DR).

- Worklist
- Storage Commitment

| Name | Lifetime |
| --- | --- |
| i18n_redirected | 365 days |
`;

const texts = (blocks: readonly Block[]): string[] => blocks.map((b) => (b.kind === 'field' ? `field ${b.field}` : `${b.kind}: ${b.text}`));

describe('unpairedBlocks', () => {
  it('pairs a translation block for block: headings, paragraphs, list items, table rows and fields', () => {
    expect(unpairedBlocks(blocks(ZH), blocks(EN))).toEqual({ onlyA: [], onlyB: [] });
  });

  it('names what one language has and the other lacks, in page order', () => {
    const en = EN.replace('- Storage Commitment\n', '- Storage Commitment\n- MPPS\n')
      .replace('  - { title: Two, text: B }\n', '')
      .replace('## About\n', '## About\n\n### Extra\n\nA paragraph with no Chinese.\n');
    const { onlyA, onlyB } = unpairedBlocks(blocks(ZH), blocks(en));
    expect(texts(onlyA)).toEqual(['field highlights[1].title', 'field highlights[1].text']);
    expect(texts(onlyB)).toEqual(['heading: ### Extra', 'paragraph: A paragraph with no Chinese.', 'list item: MPPS']);
  });

  it('pairs blocks of one kind only, a heading only with one of its level, and by what they share', () => {
    // The Chinese paragraph names DROC and links /DR: of two English paragraphs it pairs with the one that does.
    const zh = '---\ntitle: t\n---\n\n## 一\n\nDROC见[DR](/DR)。\n';
    const en = '---\ntitle: t\n---\n\n### One\n\nSomething else.\n\nDROC, see [DR](/DR).\n';
    const { onlyA, onlyB } = unpairedBlocks(blocks(zh), blocks(en));
    expect(texts(onlyA)).toEqual(['heading: ## 一']);
    expect(texts(onlyB)).toEqual(['heading: ### One', 'paragraph: Something else.']);
  });

  it('reports exactly the blocks taken out of a real page, for any choice of them (seeded)', () => {
    const page = readFileSync(join(CONTENT, 'en', 'privacy.md'), 'utf8');
    const whole = blocks(page).filter((b) => b.kind !== 'field');
    for (let seed = 1; seed <= 25; seed++) {
      const next = random(seed);
      const removed = new Set(whole.map((_, i) => i).filter(() => next() < 0.15));
      const kept = whole.filter((_, i) => !removed.has(i));
      const { onlyA, onlyB } = unpairedBlocks(whole, kept);
      expect(onlyB, `seed ${seed}`).toEqual([]);
      // Blocks without anything to tell them apart may pair either way; their number and kinds may not.
      const kinds = (list: readonly Block[]): string[] => list.map((b) => b.kind).sort();
      expect(kinds(onlyA), `seed ${seed}`).toEqual(kinds(whole.filter((_, i) => removed.has(i))));
    }
  });
});

describe('the side-by-side check of a content folder', () => {
  it('finds every page pair of the real site written block for block in both languages', async () => {
    const findings = await sideBySide(CONTENT);
    expect(findings.length).toBeGreaterThanOrEqual(38);
    expect(formatFindings(findings)).toMatch(/^\d+ page pair\(s\) compared; 0 block\(s\) in one language only\.\n$/);
  });

  it('lists a paragraph added to one language and a list item dropped from the other, with file and line', async () => {
    const content = copyContent();
    appendFileSync(join(content, 'zh', 'DROC.md'), '\n新增的一段，没有译文。\n');
    const en = join(content, 'en', 'DFOC.md');
    writeFileSync(en, readFileSync(en, 'utf8').replace('- Export to common video formats for teaching and case conferences\n', ''));
    const text = formatFindings(await sideBySide(content));
    expect(text).toMatch(
      /\/DFOC {2}\(.*zh\/DFOC\.md ⇄ .*en\/DFOC\.md\)\n {2}.*zh\/DFOC\.md:\d+ {2}list item {2}导出为常见视频格式，便于教学和病例讨论\n/,
    );
    expect(text).toMatch(/\/DROC {2}\(.*\)\n {2}.*zh\/DROC\.md:\d+ {2}paragraph {2}新增的一段，没有译文。\n/);
    expect(text).toMatch(/2 block\(s\) in one language only, on 2 pair\(s\)\.\n$/);
  });
});
