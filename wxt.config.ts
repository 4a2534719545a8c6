import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

/** The fixed Firefox add-on id; the e2e harness maps it to a fixed moz-extension UUID. */
export const GECKO_ID = 'debate-companion@debate-platform.example';

// https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports everywhere: a reader sees where every name comes from.
  imports: false,
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // `scripting`: the link script is registered at run time and the bar script injected on demand
    // (Chrome MV3 and Firefox MV2 both have `browser.scripting`).
    permissions: ['storage', 'alarms', 'contextMenus', 'scripting', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // The API's origin is granted at run time from the options page; loopback covers the sandbox.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    // Optional all-sites access (inline link bars, a non-loopback API origin), asked for from the options page.
    ...(browser === 'firefox'
      ? { optional_permissions: ['<all_urls>'] }
      : { optional_host_permissions: ['<all_urls>'] }),
    // Web pages and other extensions may not talk to us.
    externally_connectable: browser === 'firefox' ? undefined : { ids: [] },
    action: { default_title: '__MSG_extName__' },
    // A keyboard shortcut opens the side panel: Firefox has a built-in command for its sidebar; in
    // Chrome the background handles a named one (entrypoints/background/commands.ts).
    commands:
      browser === 'firefox'
        ? {
            _execute_sidebar_action: {
              suggested_key: { default: 'Alt+Shift+D' },
              description: '__MSG_commandOpenSidePanel__',
            },
          }
        : {
            'open-side-panel': {
              suggested_key: { default: 'Alt+Shift+D' },
              description: '__MSG_commandOpenSidePanel__',
            },
          },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  webExt: {
    binaries: { chrome: '/usr/bin/chromium', firefox: '/usr/bin/firefox-esr' },
    // `npm start` opens the sandbox website next to the extension.
    startUrls: process.env.DC_START_URL ? [process.env.DC_START_URL] : undefined,
    chromiumArgs: ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
});
