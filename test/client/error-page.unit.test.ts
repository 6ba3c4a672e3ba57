/**
 * client/error-page.ts in Node with a fake document: the error page's code, title, escaped texts and link
 * home, localised from `<main>`'s data attributes, and the plain fallback when building it throws.
 */
import { describe, expect, it } from 'vitest';
import { showError } from '../../client/error-page.ts';

/** A fake `<main>` and what was done to it. */
interface FakeMain {
  dataset: Record<string, string>;
  innerHTML: string;
  removed: string[];
  replacedBy?: FakeMain;
  cloneNode(deep: boolean): FakeMain;
  removeAttribute(name: string): void;
  replaceWith(node: FakeMain): void;
}

function fakeMain(dataset: Record<string, string> = {}, failClone = false): FakeMain {
  const main: FakeMain = {
    dataset,
    innerHTML: '<p>old</p>',
    removed: [],
    cloneNode(deep) {
      if (failClone) throw new Error('cannot clone');
      expect(deep).toBe(false);
      return fakeMain({ ...this.dataset });
    },
    removeAttribute(name) {
      this.removed.push(name);
    },
    replaceWith(node) {
      this.replacedBy = node;
    },
  };
  return main;
}

function fakeDocument(main: FakeMain | null, home: string | null): Document & { title: string } {
  const brand = home === null ? null : { getAttribute: (name: string) => (name === 'href' ? home : null) };
  return {
    title: 'before',
    querySelector: (selector: string) => (selector === 'main#main' ? main : selector === 'a.brand' ? brand : null),
  } as unknown as Document & { title: string };
}

describe('showError', () => {
  it('shows a 404 with its localised title and a link home, in a new main', () => {
    const main = fakeMain({ errorNotFound: '页面未找到', errorBackHome: '返回首页', template: 'page' });
    const doc = fakeDocument(main, '/zh/');
    expect(showError(doc, { statusCode: 404, message: 'ignored' })).toBe('页面未找到');
    const page = main.replacedBy as FakeMain;
    expect(page.removed).toEqual(['lang']);
    expect(page.dataset).toMatchObject({ template: 'error', error: '404' });
    expect(page.innerHTML).toBe(
      '<div class="band error-page" data-error="404"><div class="container prose"><p class="error-code">404</p>' +
        '<h1>页面未找到</h1><p><a class="button" href="/zh/">返回首页</a></p></div></div>',
    );
    expect(doc.title).toBe('页面未找到');
    expect(main.innerHTML).toBe('<p>old</p>');
  });

  it('shows another error with its code and message, escaped; 500 and the generic text when none', () => {
    const main = fakeMain({ errorGeneric: 'Something failed' });
    const doc = fakeDocument(main, '/a"b&c');
    expect(showError(doc, { statusCode: 503, message: '<b>down</b> & "out"' })).toBe('<b>down</b> & "out"');
    expect(main.replacedBy?.innerHTML).toContain('<p class="error-code">503</p><h1>&#60;b&#62;down&#60;/b&#62; &#38; &#34;out&#34;</h1>');
    expect(main.replacedBy?.innerHTML).toContain('href="/a&#34;b&#38;c">Back to the home page</a>');
    const other = fakeMain({ errorGeneric: 'Something failed' });
    expect(showError(fakeDocument(other, null), {})).toBe('Something failed');
    expect(other.replacedBy?.dataset.error).toBe('500');
    expect(other.replacedBy?.innerHTML).toContain('href="/"');
    const bare = fakeMain();
    expect(showError(fakeDocument(bare, '/'), { statusCode: 0 })).toBe('Error');
    expect(showError(fakeDocument(fakeMain(), '/'), { statusCode: 404 })).toBe('This page could not be found');
  });

  it('falls back to a plain message in the old main when building the page throws', () => {
    const main = fakeMain({ errorShowFailed: '出错了', errorGoHome: '回首页' }, true);
    const doc = fakeDocument(main, '/zh/');
    expect(showError(doc, { statusCode: 502 })).toBe('出错了');
    expect(main.dataset.error).toBe('502');
    expect(main.innerHTML).toBe(
      '<div class="band error-page"><div class="container prose"><h1>出错了</h1><p><a href="/zh/">回首页</a></p></div></div>',
    );
    expect(doc.title).toBe('出错了');
    const plain = fakeMain({}, true);
    expect(showError(fakeDocument(plain, '/'), {})).toBe('An error occurred while showing the error page');
    expect(plain.innerHTML).toContain('>Go back to home</a>');
  });

  it('does nothing without a main', () => {
    const doc = fakeDocument(null, '/');
    expect(showError(doc, { statusCode: 404 })).toBe('');
    expect(doc.title).toBe('before');
  });
});
