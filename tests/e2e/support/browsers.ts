import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the tests look for the system browsers (Debian packages); override with env vars. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

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
