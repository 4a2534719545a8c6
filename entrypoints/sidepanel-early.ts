import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { runEarlyScript } from './sidepanel/fast-open/early';

/**
 * The side panel's early script, `sidepanel-early.js`. WXT finds unlisted scripts only at the top of
 * `entrypoints/`, so this entry stays here; what it does lives with the rest of the panel's fast
 * opening in sidepanel/fast-open/ (its README.md says what each part saves).
 */
export default defineUnlistedScript(runEarlyScript);
