import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import type { InlineConfig, Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { modulesAfterPicture, splitPageChunks } from './entrypoints/sidepanel/fast-open/build';

/** An edit the build makes to a dependency's file: what to find, what to put instead, and why. */
interface DependencyEdit {
  /** The dependency's file (its resolved path). */
  file: RegExp;
  find: RegExp;
  replace: string;
  /** How many times `find` must occur in the file: a dependency that changed fails the build. */
  count: number;
}

/**
 * Takes out of the bundles two pieces of dependencies' code the extension never runs, which
 * `web-ext lint` flags and an add-on reviewer would have to prove unreachable by hand:
 *
 * - zod's `new Function` (its JIT, and the probe that checks whether `Function` works): lib/zod.ts
 *   sets `jitless` before any schema exists, so neither runs. `Function` is replaced by a function
 *   that throws: the probe answers "no eval", the JIT (were it ever reached) fails loudly.
 * - Preact's `dangerouslySetInnerHTML`, its one `innerHTML` assignment: no component uses it, and a
 *   render that did now throws instead of parsing HTML.
 *
 * Each edit must match its expected number of times, or the build fails (so an updated dependency
 * is looked at again rather than shipping its eval or HTML sink unnoticed).
 */
function withoutEvalOrHtmlSinks(): Plugin {
  const noEval = `function () { throw new EvalError("zod's JIT is not in this build (jitless: lib/zod.ts)"); }`;
  const edits: DependencyEdit[] = [
    {
      file: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](util|doc)\.js$/,
      find: /\bconst F = Function;/g,
      replace: `const F = ${noEval};`,
      count: 1,
    },
    {
      file: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/,
      find: /\b(\w+)\.innerHTML=(\w+)\.__html\b/g,
      replace: `(()=>{throw new Error("dangerouslySetInnerHTML is not in this build")})()`,
      count: 1,
    },
  ];
  return {
    name: 'debate-companion:without-eval-or-html-sinks',
    apply: 'build',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const edit = edits.find((candidate) => candidate.file.test(path));
      if (edit === undefined) return null;
      const found = code.match(edit.find)?.length ?? 0;
      if (found !== edit.count) {
        this.error(
          `${path}: expected ${edit.count} match(es) of ${edit.find}, found ${found}; look at this edit again`,
        );
      }
      return { code: code.replace(edit.find, edit.replace), map: null };
    },
  };
}

/** Points a build's `wxt/browser` at `replacement`, ahead of the alias WXT's polyfill module adds. */
function preferBrowserModule(config: InlineConfig, replacement: string): void {
  config.resolve ??= {};
  const alias = { find: 'wxt/browser', replacement };
  const current = config.resolve.alias;
  config.resolve.alias = Array.isArray(current)
    ? [alias, ...current]
    : [alias, ...Object.entries(current ?? {}).map(([find, replacement]) => ({ find, replacement }))];
}

/**
 * Bench builds only (`npm run bench -- sidepanel`, bench/support/trick-builds.ts): the side panel's
 * fast-opening tricks a build goes without, to measure each one's saving. Empty in every other build.
 */
const without = new Set((process.env.DC_WITHOUT ?? '').split(',').filter((trick) => trick !== ''));

/** The fixed Firefox add-on id; the e2e harness maps it to a fixed moz-extension UUID. */
export const GECKO_ID = 'debate-companion@debate-platform.example';

// https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports everywhere: a reader sees where every name comes from. WXT's auto-import still
  // runs (its plugin ignores `disabled`) and adds an import for a free-looking name it knows, a
  // parameter called `storage` among them: tests/e2e/build/store-code.spec.ts holds the builds free of
  // its storage module.
  imports: false,
  ...(process.env.DC_OUT_DIR === undefined ? {} : { outDir: process.env.DC_OUT_DIR }),
  vite: () => ({
    plugins: [preact(), withoutEvalOrHtmlSinks(), modulesAfterPicture()],
    build: { sourcemap: Boolean(process.env.DC_SOURCEMAP) },
    define: { __DC_WITHOUT__: JSON.stringify([...without].join(',')) },
  }),
  hooks: {
    // The extension pages (one build): few files each, zod after the first paint
    // (entrypoints/sidepanel/fast-open/build.ts).
    'vite:build:extendConfig': (entrypoints, config) => {
      if (
        entrypoints.every(
          (entry) => entry.type === 'content-script' || ['links', 'links-gated', 'link-bar'].includes(entry.name),
        )
      ) {
        // Content scripts (and the link and bar scripts, run as such) use the browser's own API object (Chrome's `chrome` answers with promises
        // for what they call: sendMessage, i18n): the polyfill would be 9 kB to parse and set up on
        // every page. The background and the extension pages keep it.
        // The gated link script's looked up at its first use (lib/browser/first-use.ts), not when the
        // script starts: on a page that never opens the gate, never. The others use it at once.
        const firstUse = entrypoints.some((entry) => entry.name === 'links-gated');
        preferBrowserModule(
          config,
          firstUse ? fileURLToPath(new URL('./lib/browser/first-use.ts', import.meta.url)) : '@wxt-dev/browser',
        );
        return;
      }
      // The pages and the background keep the polyfill, its object passed on as it is (lib/browser/polyfill.cjs).
      preferBrowserModule(config, fileURLToPath(new URL('./lib/browser/polyfill.cjs', import.meta.url)));
      if (entrypoints.some((entry) => entry.inputPath.endsWith('.html')))
        splitPageChunks(config, { fewFiles: !without.has('few-files') });
    },
  },
  manifest: ({ browser, mode }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // `scripting`: the link script is registered at run time and the bar script injected on demand
    // (Chrome MV3 and Firefox MV2 both have `browser.scripting`).
    permissions: [
      'storage',
      'alarms',
      'contextMenus',
      'scripting',
      'activeTab',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // The API's origin is granted at run time from the options page; development builds (`npm start`)
    // also get the local sandbox's loopback origins at install.
    ...(mode === 'development' ? { host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] } : {}),
    // Optional host access, asked for from the options page: the API's origin when it is saved, all
    // sites when inline link bars are turned on for every site. And `notifications`, asked for when
    // the user turns notifications on there; `tabs`, asked for from the side panel's "This page": the
    // active tab's address, matched locally, never sent.
    ...(browser === 'firefox'
      ? { optional_permissions: ['<all_urls>', 'notifications', 'tabs'] }
      : { optional_permissions: ['notifications', 'tabs'], optional_host_permissions: ['<all_urls>'] }),
    // The inline reply composer (entrypoints/reply-frame) is framed by the bars on web pages: the
    // page can load it, never read it. Nothing else of ours is reachable from the web.
    web_accessible_resources:
      browser === 'firefox'
        ? ['reply-frame.html']
        : [{ resources: ['reply-frame.html'], matches: ['http://*/*', 'https://*/*'] }],
    // Web pages and other extensions may not talk to us.
    externally_connectable: browser === 'firefox' ? undefined : { ids: [] },
    action: { default_title: '__MSG_extName__' },
    // A keyboard shortcut opens and closes the side panel: Firefox has a built-in command for its
    // sidebar; in Chrome the background handles a named one (entrypoints/background/commands.ts).
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
              // Firefox ESR 140 (Debian 12's) and later: `data_collection_permissions` needs 140 on the
              // desktop and 142 on Android, each minimum under its own key.
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
  // `npm run zip`: the Chrome and Firefox packages, and (with the Firefox one) the sources zip
  // Mozilla's review asks for. The sources are what the build reads, and the notes to rebuild them
  // (docs/build-for-reviewers.md); tests, the sandbox, benchmarks and scripts stay out.
  // `npm run zip:verify` rebuilds from the sources zip and compares with the packages.
  zip: {
    includeSources: [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'env.d.ts',
      'entrypoints/**',
      'components/**',
      'lib/**',
      'public/**',
      'README.md',
      'LICENSE',
      'PRIVACY.md',
      'docs/build-for-reviewers.md',
      'docs/store-listing.md',
    ],
  },
  webExt: {
    // `npm start` finds the browser (scripts/find-browser.mjs) and passes it here; without one, WXT's
    // own discovery looks.
    binaries: {
      ...(process.env.DC_CHROMIUM_BINARY ? { chrome: process.env.DC_CHROMIUM_BINARY } : {}),
      ...(process.env.DC_FIREFOX_BINARY ? { firefox: process.env.DC_FIREFOX_BINARY } : {}),
    },
    // `npm start` opens the sandbox website next to the extension.
    startUrls: process.env.DC_START_URL ? [process.env.DC_START_URL] : undefined,
    chromiumArgs: [
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium refuses to start as root without it (`npm start` sets this only for root).
      ...(process.env.DC_CHROMIUM_NO_SANDBOX === '1' ? ['--no-sandbox'] : []),
    ],
  },
});
