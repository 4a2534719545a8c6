import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

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
  afterEach(() => {
    vi.unstubAllGlobals();
    delete require.cache[SHIM];
    delete require.cache[POLYFILL];
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
