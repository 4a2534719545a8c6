import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { scaled } from '../support/time';
import { inBrowserWindow } from './firefox-chrome';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

/**
 * Files a user saves and picks. A download is what the browser wrote to disk after the user's click
 * (each browser to a directory of the test's own), read back: its name as the browser saved it and
 * its text. A pick is a file put into a file field, as the user's choice in the file dialog.
 *
 * - Chromium: CDP `Browser.setDownloadBehavior` (`allowAndName`: the file is saved under its
 *   download's id, the name the page gave comes with `Browser.downloadWillBegin`).
 * - Firefox: its download prefs (a folder of our own, never a dialog) set in the browser's own scope
 *   for the capture, and its `Downloads` list read there until the download has succeeded.
 */

/** A file the browser saved. */
export interface SavedFile {
  /** Its name, as the page suggested it and the browser saved it. */
  name: string;
  text: string;
}

/** Runs `action` (a user's click that downloads a file) and returns the file the browser saved. */
export async function captureDownload(
  ext: ExtensionBrowser,
  action: () => Promise<void>,
  timeout = scaled(15_000),
): Promise<SavedFile> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-download-'));
  try {
    return ext.engine === 'chromium'
      ? await inChromium(ext, dir, action, timeout)
      : await inFirefox(ext, dir, action, timeout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function inChromium(
  ext: ExtensionBrowser,
  dir: string,
  action: () => Promise<void>,
  timeout: number,
): Promise<SavedFile> {
  const session = await ext.browser.target().createCDPSession();
  const began = new Map<string, string>();
  const ended = new Map<string, string>();
  session.on('Browser.downloadWillBegin', (event) => began.set(event.guid, event.suggestedFilename));
  session.on('Browser.downloadProgress', (event) => {
    if (event.state !== 'inProgress') ended.set(event.guid, event.state);
  });
  try {
    await session.send('Browser.setDownloadBehavior', {
      behavior: 'allowAndName',
      downloadPath: dir,
      eventsEnabled: true,
    });
    await action();
    const [guid, name] = await until(async () => [...began][0], 'a download to begin', timeout);
    const state = await until(async () => ended.get(guid), `the download of ${name} to end`, timeout);
    if (state !== 'completed') throw new Error(`The download of ${name} ended ${state}`);
    return { name, text: readFileSync(path.join(dir, guid), 'utf8') };
  } finally {
    await session.send('Browser.setDownloadBehavior', { behavior: 'default' }).catch(() => undefined);
    await session.detach().catch(() => undefined);
  }
}

/** Firefox's download prefs for a capture: saved to our folder, no dialog, no panel. */
const FIREFOX_DOWNLOAD_PREFS = (dir: string) => ({
  'browser.download.folderList': 2,
  'browser.download.dir': dir,
  'browser.download.useDownloadDir': true,
  'browser.download.always_ask_before_handling_new_types': false,
  'browser.download.alwaysOpenPanel': false,
  'browser.download.start_downloads_in_tmp_dir': false,
});

async function inFirefox(
  ext: ExtensionBrowser,
  dir: string,
  action: () => Promise<void>,
  timeout: number,
): Promise<SavedFile> {
  const prefs = FIREFOX_DOWNLOAD_PREFS(dir);
  await inBrowserWindow(
    ext.browser,
    `(() => {
      for (const [name, value] of Object.entries(${JSON.stringify(prefs)})) {
        if (typeof value === 'number') Services.prefs.setIntPref(name, value);
        else if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
        else Services.prefs.setStringPref(name, value);
      }
      return null;
    })()`,
  );
  // The downloads into our folder, as Firefox lists them (a finished one is taken off the list).
  const ours = `(async () => {
    const { Downloads } = ChromeUtils.importESModule('resource://gre/modules/Downloads.sys.mjs');
    const list = await Downloads.getList(Downloads.ALL);
    const found = (await list.getAll()).filter((d) => d.target.path.startsWith(${JSON.stringify(dir + path.sep)}));
    const seen = found.map((d) => ({ path: d.target.path, succeeded: d.succeeded, stopped: d.stopped, error: d.error ? String(d.error.message ?? d.error) : null }));
    for (const d of found) if (d.stopped) await list.remove(d);
    return JSON.stringify(seen);
  })()`;
  try {
    await action();
    const download = await until(
      async () => {
        const seen = JSON.parse(await inBrowserWindow<string>(ext.browser, ours)) as {
          path: string;
          succeeded: boolean;
          stopped: boolean;
          error: string | null;
        }[];
        const [first] = seen;
        return first?.stopped ? first : undefined;
      },
      'a download to finish',
      timeout,
    );
    if (!download.succeeded) throw new Error(`The download to ${download.path} failed: ${download.error}`);
    return { name: path.basename(download.path), text: readFileSync(download.path, 'utf8') };
  } finally {
    await inBrowserWindow(
      ext.browser,
      `(() => {
        for (const name of ${JSON.stringify(Object.keys(prefs))}) Services.prefs.clearUserPref(name);
        return null;
      })()`,
    );
  }
}

/** The folder of the files this test process picked: the page reads a picked file later, so it stays until the end. */
let pickedDir: string | undefined;

/**
 * Puts a file named `name` holding `content` into the file field `field`, as the user's choice in the
 * file dialog does (the field's `change` follows, in both browsers).
 */
export async function pickFile(field: ElementHandle, name: string, content: string | Buffer): Promise<void> {
  if (pickedDir === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'dc-picked-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    pickedDir = dir;
  }
  // A folder per file: the same name may be picked again with other content.
  const file = path.join(mkdtempSync(path.join(pickedDir, 'f-')), name);
  writeFileSync(file, content);
  await (field as ElementHandle<HTMLInputElement>).uploadFile(file);
}
