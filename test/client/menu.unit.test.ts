// @vitest-environment happy-dom
/**
 * client/menu.ts in Node, on happy-dom's document: the dropdown's button and `aria-expanded`, a chosen link
 * and a click outside, Escape, the arrow keys with Home and End, and focus and the pointer coming and
 * going. What is asserted is what a reader meets: the button's state, the `open` and `closed` classes the
 * stylesheet shows the menu by, and where focus is. The pointer is not simulated: an element's `:hover` is.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initMenu } from '../../client/menu.ts';

const HTML = `
  <a id="before" href="/en/home">Home</a>
  <ul class="nav-list">
    <li class="nav-item has-menu" data-menu="" id="products">
      <button type="button" aria-expanded="false" aria-controls="menu-products"><span>Products</span></button>
      <div class="mega-menu" id="menu-products">
        <p class="menu-group-title">Group</p>
        <ul><li><a href="/en/A">A</a></li><li><a href="/en/B">B</a></li><li><a href="/en/C">C</a></li></ul>
      </div>
    </li>
  </ul>
  <div class="language-menu" data-menu="" id="languages">
    <button type="button" aria-expanded="false" aria-controls="menu-languages">English</button>
    <ul class="language-list" id="menu-languages"><li><a href="/zh/">中文</a></li><li><a href="/ja/">日本語</a></li></ul>
  </div>
  <p id="outside">text</p>`;

const $ = <T extends HTMLElement = HTMLElement>(selector: string): T => {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};
const products = (): HTMLElement => $('#products');
const button = (item = products()): HTMLButtonElement => item.querySelector('button') as HTMLButtonElement;
const links = (item = products()): HTMLAnchorElement[] => [...item.querySelectorAll('a')];
/** What the reader sees of a dropdown: the button's `aria-expanded`, and the `open` and `closed` classes. */
const state = (item = products()): [string | null, boolean, boolean] => [
  button(item).getAttribute('aria-expanded'),
  item.classList.contains('open'),
  item.classList.contains('closed'),
];
const click = (target: Element): void => void target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
/** Presses `key` on whatever has focus; returns whether the page's default action was prevented. */
const press = (key: string): boolean => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event.defaultPrevented;
};
/** Makes `item` match `:hover` (the pointer over it) or not. */
function hover(item: Element, over: boolean): void {
  const matches = Element.prototype.matches;
  vi.spyOn(item, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':hover' ? over : matches.call(this, selector);
  });
}

beforeAll(() => initMenu(document));
beforeEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = HTML;
});

describe('the button', () => {
  it('opens the menu and closes it again, with aria-expanded following', () => {
    expect(state()).toEqual(['false', false, false]);
    click(button().querySelector('span') as Element);
    expect(state()).toEqual(['true', true, false]);
    click(button());
    expect(state()).toEqual(['false', false, true]);
    expect(state($('#languages'))).toEqual(['false', false, false]);
  });

  it('closes the menu when one of its links is chosen, and keeps it open on a click elsewhere inside', () => {
    click(button());
    click($('.menu-group-title'));
    expect(state()).toEqual(['true', true, false]);
    click(links()[1] as HTMLAnchorElement);
    expect(state()).toEqual(['false', false, true]);
  });

  it('closes an open menu on a click outside without hiding it from hover, and leaves a closed one alone', () => {
    click(button());
    click(button($('#languages')));
    expect(state($('#languages'))).toEqual(['true', true, false]);
    click($('#outside'));
    expect(state()).toEqual(['false', false, false]);
    expect(state($('#languages'))).toEqual(['false', false, false]);
    products().classList.add('closed');
    click($('#outside'));
    expect(state()).toEqual(['false', false, true]);
  });
});

describe('Escape', () => {
  it('closes the menu holding focus and hides it, focus back on its button', () => {
    links()[1]?.focus();
    expect(state()).toEqual(['true', true, false]);
    expect(press('Escape')).toBe(false);
    expect(state()).toEqual(['false', false, true]);
    expect(document.activeElement).toBe(button());
  });

  it('closes an open menu focus is not in, and one under the pointer, leaving focus where it is', () => {
    click(button());
    hover($('#languages'), true);
    $<HTMLAnchorElement>('#before').focus();
    press('Escape');
    expect(state()).toEqual(['false', false, true]);
    expect(state($('#languages'))).toEqual(['false', false, true]);
    expect(document.activeElement).toBe($('#before'));
  });

  it('leaves a menu that is closed, not hovered and without focus as it is', () => {
    hover(products(), false);
    press('Escape');
    expect(state()).toEqual(['false', false, false]);
    expect(state($('#languages'))).toEqual(['false', false, false]);
  });
});

describe('arrow keys, Home and End', () => {
  it('move from the button to the first link (down) or the last (up), opening the menu', () => {
    button().focus();
    expect(press('ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(links()[0]);
    expect(state()).toEqual(['true', true, false]);
    button().focus();
    expect(press('ArrowUp')).toBe(true);
    expect(document.activeElement).toBe(links()[2]);
  });

  it('move through the links and wrap around at either end', () => {
    const [a, b, c] = links() as [HTMLAnchorElement, HTMLAnchorElement, HTMLAnchorElement];
    a.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(b);
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(a);
    press('ArrowUp');
    expect(document.activeElement).toBe(c);
    press('ArrowUp');
    expect(document.activeElement).toBe(b);
  });

  it('Home and End go to the first and last link from a link, not from the button', () => {
    const [a, b, c] = links() as [HTMLAnchorElement, HTMLAnchorElement, HTMLAnchorElement];
    button().focus();
    expect(press('Home')).toBe(false);
    expect(press('End')).toBe(false);
    expect(document.activeElement).toBe(button());
    expect(state()).toEqual(['false', false, false]);
    b.focus();
    expect(press('End')).toBe(true);
    expect(document.activeElement).toBe(c);
    expect(press('Home')).toBe(true);
    expect(document.activeElement).toBe(a);
    // From the first link too: Home stays there (and the page does not scroll), End goes to the last.
    expect(press('Home')).toBe(true);
    expect(document.activeElement).toBe(a);
    expect(press('End')).toBe(true);
    expect(document.activeElement).toBe(c);
  });

  it('leave other keys, keys outside a menu and a menu without links to the page', () => {
    const [a] = links() as [HTMLAnchorElement];
    a.focus();
    expect(press('Tab')).toBe(false);
    expect(press('x')).toBe(false);
    expect(document.activeElement).toBe(a);
    $<HTMLAnchorElement>('#before').focus();
    expect(press('ArrowDown')).toBe(false);
    expect(document.activeElement).toBe($('#before'));
    for (const link of links($('#languages'))) link.remove();
    button($('#languages')).focus();
    expect(press('ArrowDown')).toBe(false);
    expect(state($('#languages'))).toEqual(['false', false, false]);
  });
});

describe('focus and the pointer', () => {
  it('focus on a link opens the menu; focus leaving it closes it without hiding it', () => {
    links()[0]?.focus();
    expect(state()).toEqual(['true', true, false]);
    links()[1]?.focus();
    expect(state()).toEqual(['true', true, false]);
    $<HTMLAnchorElement>('#before').focus();
    expect(state()).toEqual(['false', false, false]);
  });

  it('focus on the button alone opens nothing', () => {
    button().focus();
    expect(state()).toEqual(['false', false, false]);
  });

  it('focus coming back from outside lifts the hiding; focus moving inside keeps it', () => {
    links()[0]?.focus();
    press('Escape');
    expect(state()).toEqual(['false', false, true]);
    links()[1]?.focus();
    expect(state()).toEqual(['false', false, true]);
    // The pointer over it keeps it hidden as focus leaves; focus coming back from outside lifts that.
    hover(products(), true);
    $<HTMLAnchorElement>('#before').focus();
    expect(state()).toEqual(['false', false, true]);
    links()[1]?.focus();
    expect(state()).toEqual(['true', true, false]);
  });

  it('works on a dropdown without its button', () => {
    button().remove();
    links()[0]?.focus();
    expect(products().classList.contains('open')).toBe(true);
    press('Escape');
    expect([products().classList.contains('open'), products().classList.contains('closed')]).toEqual([false, true]);
    click(links()[1] as HTMLAnchorElement);
    expect(products().classList.contains('closed')).toBe(true);
  });

  it('a hidden menu stays hidden while the pointer is over it as focus leaves, and not once it is not', () => {
    links()[0]?.focus();
    press('Escape');
    hover(products(), true);
    $<HTMLAnchorElement>('#before').focus();
    expect(state()).toEqual(['false', false, true]);
    links()[0]?.focus();
    press('Escape');
    hover(products(), false);
    $<HTMLAnchorElement>('#before').focus();
    expect(state()).toEqual(['false', false, false]);
  });

  it('the pointer leaving lifts the hiding unless focus is still inside', () => {
    const leave = (from: Element, to: Element | null): boolean =>
      from.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: to }));
    button().focus();
    click(button());
    click(button());
    expect(state()).toEqual(['false', false, true]);
    leave(button(), links()[0] as Element);
    expect(state()).toEqual(['false', false, true]);
    leave(button(), $('#outside'));
    expect(state()).toEqual(['false', false, true]);
    hover(products(), true);
    button().blur();
    expect(state()).toEqual(['false', false, true]);
    leave(button(), $('#outside'));
    expect(state()).toEqual(['false', false, false]);
    products().classList.add('closed');
    leave($('#outside'), products());
    expect(state()).toEqual(['false', false, true]);
  });
});
