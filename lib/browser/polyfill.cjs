/*
 * `wxt/browser` in the extension pages and the background (wxt.config.ts points their import here):
 * webextension-polyfill's object, passed on as it is. Imported straight from an ES module, a
 * CommonJS module's exports are copied property by property by the bundler's interop, which reads
 * each property's descriptor; on the browser's own `browser` object (the polyfill hands it back as it
 * is where the browser has one: Chromium 150, Firefox) that builds the bindings of every namespace,
 * about 2 ms at the start of every page (docs/performance.md, "Side panel opening"). Exported on an
 * object of its own, the polyfill's object is not copied.
 */
module.exports = { browser: require('webextension-polyfill') };
