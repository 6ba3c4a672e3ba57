/**
 * The client script: one small file every page loads (docs/architecture.md, "Client script"). It only enhances: every page
 * reads and every link works without it. Each behaviour lives in its own module; this file wires them.
 * The root font size needs no script: templates/site.css sets `html { font-size: max(12px, 10vw) }`,
 * which is width / 1920 * 192 px with a 12 px floor and follows resizes and rotation by itself.
 */
import { initBackToTop } from './backToTop.ts';
import { initLocaleSwitch } from './locale.ts';
import { initMenu } from './menu.ts';
import { initNavigation } from './navigation.ts';
import { redirectNewsDetail } from './newsDetail.ts';
import { initNetworkState } from './offline.ts';
import { initPrefetch, observeLinks } from './prefetch.ts';
import { createProgress } from './progress.ts';
import { initSearchBox, mountSearchPage } from './search/box.ts';

initMenu(document);
initLocaleSwitch(document);
initBackToTop(document);
initNetworkState(document);
initPrefetch(document);
initSearchBox(document);
initNavigation(document, {
  progress: createProgress(document),
  onPage(): void {
    redirectNewsDetail(document);
    observeLinks(document);
    mountSearchPage(document);
  },
});
redirectNewsDetail(document);
mountSearchPage(document);
