import { browser } from 'wxt/browser';
import { OPEN_SIDE_PANEL_COMMAND, openSidePanel } from '@/lib/browser/side-panel';

/**
 * The keyboard command (manifest `commands`) that opens the side panel in Chrome. A command counts
 * as a user action, so `sidePanel.open` may run from it; Firefox's `_execute_sidebar_action` is
 * handled by the browser itself and never reaches this listener.
 */
export function listenForCommands(): void {
  // Not every browser (or test double) has the API: no commands, nothing to listen to.
  if (browser.commands?.onCommand === undefined) return;
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== OPEN_SIDE_PANEL_COMMAND || tab?.windowId === undefined) return;
    void openSidePanel({ windowId: tab.windowId });
  });
}
