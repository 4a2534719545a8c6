import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the tests look for the system browsers (Debian packages); override with env vars. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * `DC_HEADED=1` (or `2`): the drivers start the browsers with their window (on `DISPLAY`, an Xvfb
 * screen from `xvfb-run`) and the extension's button pinned on the toolbar, for pictures of what is
 * around the page (`npm run shot:toolbar`); `2` draws two device pixels per CSS pixel, as a HiDPI
 * screen does, so a badge's few pixels can be read. Unset, as in `npm test`: headless, at 1, the
 * button where a new install has it.
 */
export const HEADED_SCALE = process.env.DC_HEADED === '2' ? 2 : process.env.DC_HEADED === '1' ? 1 : 0;
export const HEADED = HEADED_SCALE > 0;

const root = path.resolve(import.meta.dirname, '../../..');
/** The built extensions (`npm run build`). */
export const CHROME_BUILD = path.join(root, '.output/chrome-mv3');
export const FIREFOX_BUILD = path.join(root, '.output/firefox-mv2');

/** One line per missing prerequisite, each saying how to fix it; empty when all is there. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) {
    missing.push(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install chromium" (Debian) or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(FIREFOX_PATH)) {
    missing.push(
      `Firefox ESR not found at ${FIREFOX_PATH}: install it with "apt-get install firefox-esr" (Debian) or set FIREFOX_PATH.`,
    );
  }
  for (const build of [CHROME_BUILD, FIREFOX_BUILD]) {
    if (!existsSync(path.join(build, 'manifest.json'))) {
      missing.push(`No extension build at ${build}: run "npm run build" first.`);
    }
  }
  return missing;
}
