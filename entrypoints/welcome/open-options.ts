import { browser } from 'wxt/browser';

/** Opens the extension's options page (its own tab, or the one already open) instead of following the link. */
export function openOptions(event: Event): void {
  event.preventDefault();
  void browser.runtime.openOptionsPage();
}
