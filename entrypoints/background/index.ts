import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // Chrome: the toolbar button opens the side panel's page through the popup; the panel itself
  // is opened from there (a user gesture). Firefox's sidebar_action needs no wiring.
  browser.runtime.onInstalled.addListener(() => {
    // Wiring of services lands with the extension core (issue 3).
  });
});
