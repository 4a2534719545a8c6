// Where `npm start` and `npm test` look for a browser: the user's own setting first, then the usual
// install places of each platform. Returns undefined when none is there (callers then let WXT's own
// discovery try, or name what to install).
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The variable that names each browser's executable. */
export const BROWSER_ENV = { chromium: 'CHROMIUM_PATH', firefox: 'FIREFOX_PATH' };

/** What to install, in one line, when a browser is missing. */
export const INSTALL_HINT = {
  chromium:
    'install Chromium or Google Chrome (Debian: "apt-get install chromium"; macOS/Windows: google.com/chrome) or set CHROMIUM_PATH',
  firefox:
    'install Firefox (Debian: "apt-get install firefox-esr"; macOS/Windows: mozilla.org/firefox) or set FIREFOX_PATH',
};

/** The usual install places of a browser on a platform, most specific first. */
export function candidates(kind, platform = process.platform, env = process.env) {
  if (platform === 'darwin') {
    return kind === 'chromium'
      ? [
          '/Applications/Chromium.app/Contents/MacOS/Chromium',
          '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
          path.join(env.HOME ?? '', 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
        ]
      : ['/Applications/Firefox.app/Contents/MacOS/firefox', '/Applications/Firefox ESR.app/Contents/MacOS/firefox'];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(Boolean);
    const tails =
      kind === 'chromium'
        ? ['Google\\Chrome\\Application\\chrome.exe', 'Chromium\\Application\\chrome.exe']
        : ['Mozilla Firefox\\firefox.exe', 'Firefox ESR\\firefox.exe'];
    return roots.flatMap((root) => tails.map((tail) => path.win32.join(root, tail)));
  }
  return kind === 'chromium'
    ? [
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
        '/snap/bin/chromium',
      ]
    : ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/snap/bin/firefox'];
}

/**
 * The browser to use: `CHROMIUM_PATH` / `FIREFOX_PATH` when set (even if wrong: the user asked for
 * it, and the caller says so), else the first usual install place that exists.
 * @returns {{ path: string, from: 'env' | 'found' } | undefined}
 */
export function findBrowser(kind, { platform = process.platform, env = process.env, exists = existsSync } = {}) {
  const chosen = env[BROWSER_ENV[kind]];
  if (chosen) return { path: chosen, from: 'env' };
  const found = candidates(kind, platform, env).find((candidate) => exists(candidate));
  return found === undefined ? undefined : { path: found, from: 'found' };
}
