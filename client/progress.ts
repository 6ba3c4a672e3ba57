/**
 * The top progress bar (docs/architecture.md, "Client script"): it shows only when a load takes longer than 200 ms,
 * creeps towards the end over about 5000 ms, completes on load, hides 500 ms later and turns red on
 * failure. The creep is one CSS transition, so no timer runs while a page loads; its state is exposed as
 * `data-state` (`loading`, `done`, `error`; `idle` and hidden otherwise) for styles and tests.
 */
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_DELAY_MS, PROGRESS_THROTTLE_MS } from '../shared/constants.ts';

/** The controls of one progress bar. */
export interface Progress {
  start(): void;
  finish(): void;
  fail(): void;
}

/** Controls the `[role=progressbar]` element of the document (a no-op when there is none). */
export function createProgress(doc: Document): Progress {
  const bar = doc.querySelector<HTMLElement>('.progress[role=progressbar]');
  let timer = 0;
  const set = (state: string, width: string, transition = ''): void => {
    if (!bar) return;
    bar.dataset.state = state;
    bar.hidden = state === 'idle';
    bar.style.transition = transition;
    bar.style.width = width;
  };
  const end = (state: 'done' | 'error'): void => {
    clearTimeout(timer);
    // A load that finished within the throttle never showed the bar, and a success needs no bar then.
    if (bar?.hidden && state === 'done') {
      set('idle', '0');
      return;
    }
    set(state, '100%');
    timer = window.setTimeout(() => set('idle', '0'), PROGRESS_HIDE_DELAY_MS);
  };
  return {
    start(): void {
      clearTimeout(timer);
      set('idle', '0');
      timer = window.setTimeout(() => {
        set('loading', '0');
        // Read the width back so the browser starts the transition from 0 rather than skipping it.
        void bar?.offsetWidth;
        set('loading', '90%', `width ${PROGRESS_DURATION_MS}ms ease-out`);
      }, PROGRESS_THROTTLE_MS);
    },
    finish: () => end('done'),
    fail: () => end('error'),
  };
}
