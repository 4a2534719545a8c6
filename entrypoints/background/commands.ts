import { browser } from 'wxt/browser';
import { PanelCommand } from '@/lib/browser/panel-command';
import { OPEN_SIDE_PANEL_COMMAND } from '@/lib/browser/side-panel';

/**
 * The keyboard command (manifest `commands`) that opens and closes the side panel in Chrome
 * (lib/browser/panel-command.ts says when it can close). A command counts as a user action, so
 * `sidePanel.open` may run from it; Firefox's `_execute_sidebar_action` is handled (toggled) by the
 * browser itself and never reaches this listener.
 */
export function listenForCommands(panel: PanelCommand = new PanelCommand()): void {
  // Not every browser (or test double) has the API: no commands, nothing to listen to.
  if (browser.commands?.onCommand === undefined) return;
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== OPEN_SIDE_PANEL_COMMAND || tab?.windowId === undefined) return;
    panel.command(tab.windowId);
  });
  panel.start();
}
