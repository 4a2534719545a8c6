// @vitest-environment node
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import config from '@/wxt.config';

const require = createRequire(import.meta.url);
const SHIM = require.resolve('../../../../lib/browser/polyfill.cjs');
const POLYFILL = require.resolve('webextension-polyfill');

/** The interop a bundler applies to a CommonJS module imported from ESM: each export copied by its descriptor. */
function copyExports(exports: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(exports)) {
    const descriptor = Object.getOwnPropertyDescriptor(exports, key);
    Object.defineProperty(copy, key, { get: () => Reflect.get(exports, key), enumerable: descriptor?.enumerable });
  }
  return copy;
}

describe('lib/browser/polyfill.cjs (wxt/browser in the pages and the background)', () => {
  const forgetModules = () => {
    delete require.cache[SHIM];
    delete require.cache[POLYFILL];
  };
  beforeEach(forgetModules);
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetModules();
  });

  it('is what wxt/browser means in the pages and the background, ahead of the polyfill module’s alias', () => {
    const extend: unknown = Reflect.get(config.hooks ?? {}, 'vite:build:extendConfig');
    if (typeof extend !== 'function') throw new Error('wxt.config.ts has no vite:build:extendConfig hook');
    const builds = {
      pages: [{ type: 'sidepanel', name: 'sidepanel', inputPath: '/x/entrypoints/sidepanel/index.html' }],
      background: [{ type: 'background', name: 'background', inputPath: '/x/entrypoints/background.ts' }],
      'content scripts': [{ type: 'content-script', name: 'bar', inputPath: '/x/entrypoints/bar.content.ts' }],
    };
    const browserModules = Object.entries(builds).map(([build, entrypoints]) => {
      const vite = {
        resolve: { alias: [{ find: 'wxt/browser', replacement: '@wxt-dev/webextension-polyfill/browser' }] },
      };
      extend(entrypoints, vite);
      const first = vite.resolve.alias.find((alias) => alias.find === 'wxt/browser');
      return [build, first?.replacement.endsWith('lib/browser/polyfill.cjs')];
    });
    expect(Object.fromEntries(browserModules)).toEqual({ pages: true, background: true, 'content scripts': false });
  });

  it('passes the browser’s own object on as it is, without reading a namespace’s descriptor', () => {
    const described: PropertyKey[] = [];
    const native = new Proxy(
      { runtime: { id: 'extension-id' }, windows: {}, contextMenus: {}, action: {} },
      {
        getOwnPropertyDescriptor(target, key) {
          described.push(key);
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      },
    );
    vi.stubGlobal('chrome', native);
    vi.stubGlobal('browser', native);
    const imported = copyExports(require(SHIM));
    expect(imported.browser).toBe(native);
    expect(described).toEqual([]);
    // What the shim spares: the same interop applied to the polyfill's own export reads them all.
    delete require.cache[POLYFILL];
    copyExports(require(POLYFILL));
    expect(described).toEqual(expect.arrayContaining(['runtime', 'windows', 'contextMenus', 'action']));
  });
});
