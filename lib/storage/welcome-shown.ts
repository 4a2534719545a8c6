import { definePref } from './prefs';

/**
 * Whether the welcome page was opened by itself once already. Chromium installs an extension loaded
 * with `--load-extension` anew at every start (`onInstalled` says "install") while the profile keeps
 * its storage; this keeps the page to the first install. Removing the extension forgets it, so a
 * real reinstall welcomes again.
 */
export const welcomeShownItem = definePref<boolean>('welcomeShown', {
  fallback: false,
  parse: (raw) => raw === true,
});
