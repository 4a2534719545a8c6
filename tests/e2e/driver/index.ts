import { ChromiumExtension } from './chromium';
import { FirefoxExtension } from './firefox';
import { registerRoleQuery } from './role-query';
import type { Engine, ExtensionBrowser, LaunchOptions } from './types';

export type { Badge, Engine, ExtensionBrowser, LaunchOptions, PanelView, Reply } from './types';

/** Starts `engine` with the extension installed: the one entry to the per-browser drivers. */
export function launchExtension(engine: Engine, options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  registerRoleQuery();
  return engine === 'chromium' ? ChromiumExtension.launch(options) : FirefoxExtension.launch(options);
}
