// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { candidates, findBrowser } from '../../../scripts/find-browser.mjs';

describe('findBrowser (npm start)', () => {
  it('takes CHROMIUM_PATH / FIREFOX_PATH first, even when nothing is at the usual places', () => {
    const none = () => false;
    expect(
      findBrowser('chromium', { platform: 'linux', env: { CHROMIUM_PATH: '/opt/cr/chrome' }, exists: none }),
    ).toEqual({
      path: '/opt/cr/chrome',
      from: 'env',
    });
    expect(findBrowser('firefox', { platform: 'darwin', env: { FIREFOX_PATH: '/x/firefox' }, exists: none })).toEqual({
      path: '/x/firefox',
      from: 'env',
    });
  });

  it('then the usual install places of each platform, in order', () => {
    const at = (present: string) => (candidate: string) => candidate === present;
    expect(findBrowser('chromium', { platform: 'linux', env: {}, exists: at('/usr/bin/google-chrome') })).toEqual({
      path: '/usr/bin/google-chrome',
      from: 'found',
    });
    expect(
      findBrowser('chromium', {
        platform: 'darwin',
        env: {},
        exists: at('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
      })?.path,
    ).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    const windows = { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' };
    expect(candidates('firefox', 'win32', windows)).toContain('C:\\Program Files\\Mozilla Firefox\\firefox.exe');
    expect(
      findBrowser('chromium', {
        platform: 'win32',
        env: windows,
        exists: at('C:\\Users\\u\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'),
      })?.path,
    ).toBe('C:\\Users\\u\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
  });

  it('finds nothing when nothing is installed (npm start then names what to install)', () => {
    expect(findBrowser('firefox', { platform: 'linux', env: {}, exists: () => false })).toBeUndefined();
  });
});
