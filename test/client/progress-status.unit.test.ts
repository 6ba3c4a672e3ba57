/**
 * client/progress.ts and client/offline.ts in Node, with a fake element and fake timers: the progress bar's
 * states over a load (shown only past the throttle, completed, hidden later, red on failure), and the
 * status element's offline notice and page announcements.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcePage, initNetworkState, showNetworkState } from '../../client/offline.ts';
import { createProgress } from '../../client/progress.ts';
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS } from '../../shared/constants.ts';

/** The bar as progress.ts writes it, and what it was read for. */
interface Bar {
  dataset: Record<string, string>;
  hidden: boolean;
  style: { transition: string; width: string };
  reads: number;
  readonly offsetWidth: number;
}

function fakeBar(widths: string[] = []): Bar {
  let width = '';
  return {
    dataset: {},
    hidden: true,
    style: {
      transition: '',
      get width(): string {
        return width;
      },
      set width(value: string) {
        widths.push(value);
        width = value;
      },
    },
    reads: 0,
    get offsetWidth(): number {
      this.reads += 1;
      return 0;
    },
  };
}

/** A document whose querySelector finds `element` for `selector` only. */
const docWith = (selector: string, element: unknown): Document =>
  ({ querySelector: (asked: string) => (asked === selector ? element : null) }) as unknown as Document;

const state = (bar: Bar): [string | undefined, boolean, string, string] => [
  bar.dataset.state,
  bar.hidden,
  bar.style.width,
  bar.style.transition,
];

describe('progress bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows nothing for a load within the throttle', () => {
    const bar = fakeBar();
    const progress = createProgress(docWith('.progress[role=progressbar]', bar));
    progress.start();
    expect(state(bar)).toEqual(['idle', true, '0', '']);
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    progress.finish();
    expect(state(bar)).toEqual(['idle', true, '0', '']);
    vi.advanceTimersByTime(10 * PROGRESS_HIDE_DELAY_MS);
    expect(state(bar)).toEqual(['idle', true, '0', '']);
  });

  it('creeps past the throttle in one transition from 0, completes on load and hides later', () => {
    const widths: string[] = [];
    const bar = fakeBar(widths);
    const progress = createProgress(docWith('.progress[role=progressbar]', bar));
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(state(bar)).toEqual(['loading', false, '90%', `width ${PROGRESS_DURATION_MS}ms ease-out`]);
    expect(widths).toEqual(['0', '0', '90%']);
    expect(bar.reads).toBe(1);
    progress.finish();
    expect(state(bar)).toEqual(['done', false, '100%', '']);
    vi.advanceTimersByTime(PROGRESS_HIDE_DELAY_MS - 1);
    expect(bar.dataset.state).toBe('done');
    vi.advanceTimersByTime(1);
    expect(state(bar)).toEqual(['idle', true, '0', '']);
  });

  it('turns red on failure, even within the throttle, then hides', () => {
    const bar = fakeBar();
    const progress = createProgress(docWith('.progress[role=progressbar]', bar));
    progress.start();
    progress.fail();
    expect(state(bar)).toEqual(['error', false, '100%', '']);
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(bar.dataset.state).toBe('error');
    vi.advanceTimersByTime(PROGRESS_HIDE_DELAY_MS);
    expect(state(bar)).toEqual(['idle', true, '0', '']);
  });

  it('starts afresh on a second start, dropping the first one’s timers', () => {
    const bar = fakeBar();
    const progress = createProgress(docWith('.progress[role=progressbar]', bar));
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    progress.fail();
    progress.start();
    expect(state(bar)).toEqual(['idle', true, '0', '']);
    vi.advanceTimersByTime(PROGRESS_HIDE_DELAY_MS);
    expect(bar.dataset.state).toBe('loading');
  });

  it('does nothing without a bar', () => {
    const progress = createProgress(docWith('.none', null));
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(() => progress.finish()).not.toThrow();
    expect(() => progress.fail()).not.toThrow();
  });
});

describe('network status', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const status = (): { dataset: Record<string, string>; textContent: string } => ({
    dataset: { offlineText: 'You are offline', loadedText: 'Page loaded:' },
    textContent: '',
  });
  const SELECTOR = '.net-status[role=status]';

  it('shows the offline notice while offline and clears it online, but keeps an announcement', () => {
    const element = status();
    const doc = docWith(SELECTOR, element);
    vi.stubGlobal('navigator', { onLine: false });
    showNetworkState(doc);
    expect(element.textContent).toBe('You are offline');
    vi.stubGlobal('navigator', { onLine: true });
    showNetworkState(doc);
    expect(element.textContent).toBe('');
    announcePage(doc, 'DROC');
    expect(element).toMatchObject({ textContent: 'Page loaded: DROC', dataset: { announce: '' } });
    showNetworkState(doc);
    expect(element.textContent).toBe('Page loaded: DROC');
    vi.stubGlobal('navigator', { onLine: false });
    showNetworkState(doc);
    expect(element.textContent).toBe('You are offline');
    expect('announce' in element.dataset).toBe(false);
  });

  it('announces nothing offline, and trims a missing label', () => {
    const element = status();
    vi.stubGlobal('navigator', { onLine: false });
    announcePage(docWith(SELECTOR, element), 'DROC');
    expect(element.textContent).toBe('');
    vi.stubGlobal('navigator', { onLine: true });
    const bare = { dataset: {} as Record<string, string>, textContent: 'x' };
    announcePage(docWith(SELECTOR, bare), 'DROC');
    expect(bare.textContent).toBe('DROC');
    bare.textContent = 'y';
    delete bare.dataset.announce;
    vi.stubGlobal('navigator', { onLine: false });
    showNetworkState(docWith(SELECTOR, bare));
    expect(bare.textContent).toBe('');
  });

  it('follows the online and offline events from the start', () => {
    const element = status();
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
    vi.stubGlobal('navigator', { onLine: false });
    initNetworkState(docWith(SELECTOR, element));
    expect(element.textContent).toBe('You are offline');
    expect([...listeners.keys()].sort()).toEqual(['offline', 'online']);
    vi.stubGlobal('navigator', { onLine: true });
    listeners.get('online')?.();
    expect(element.textContent).toBe('');
    vi.stubGlobal('navigator', { onLine: false });
    listeners.get('offline')?.();
    expect(element.textContent).toBe('You are offline');
  });

  it('does nothing without a status element', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(() => showNetworkState(docWith(SELECTOR, null))).not.toThrow();
    expect(() => announcePage(docWith(SELECTOR, null), 'x')).not.toThrow();
  });
});
