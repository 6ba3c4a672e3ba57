/**
 * The client script: one small file every page loads (CONTRACT.md section 5). It only enhances: every page
 * reads and every link works without it.
 */
import { initMenu } from './menu.ts';

initMenu(document);
