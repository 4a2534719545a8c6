import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CHROME_BUILD, FIREFOX_BUILD } from '../support/browsers';

/**
 * The store builds (`npm run build`, what `npm run zip` ships) ask at install for the API
 * permissions they use and no host access at all: the platform's origin is chosen on the options
 * page and asked for there (optional `<all_urls>` covers it). Loopback (the local sandbox) is for
 * development builds only (tests/e2e/flows/install.spec.ts, which also shows a store build nobody
 * granted access holds none, in both browsers).
 */

interface Manifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches?: string[] }[];
}

const readManifest = (build: string) => JSON.parse(readFileSync(path.join(build, 'manifest.json'), 'utf8')) as Manifest;

/** A match pattern or origin (rather than an API permission name), e.g. `http://127.0.0.1/*`, `<all_urls>`. */
const isHostPattern = (entry: string) => entry === '<all_urls>' || entry.includes('://');
/** A loopback host in a match pattern. */
const LOOPBACK = /^[a-z*]+:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\]|\[0:0:0:0:0:0:0:1\])(:\d+)?\//i;

/** Every permission and where docs/store-listing.md justifies it (a row per permission, its name in backquotes). */
const storeListing = readFileSync(path.resolve(import.meta.dirname, '../../../docs/store-listing.md'), 'utf8');

const builds = [
  {
    name: 'chrome-mv3',
    dir: CHROME_BUILD,
    permissions: ['storage', 'alarms', 'contextMenus', 'scripting', 'activeTab', 'sidePanel'],
    optional: (m: Manifest) => [...(m.optional_host_permissions ?? []), ...(m.optional_permissions ?? [])],
  },
  {
    name: 'firefox-mv2',
    dir: FIREFOX_BUILD,
    permissions: ['storage', 'alarms', 'contextMenus', 'scripting', 'activeTab'],
    optional: (m: Manifest) => m.optional_permissions?.filter(isHostPattern),
    optionalApi: (m: Manifest) => m.optional_permissions?.filter((entry) => !isHostPattern(entry)),
  },
];

for (const build of builds) {
  test(`${build.name}: the store manifest asks for no host access, loopback or other, at install`, () => {
    const manifest = readManifest(build.dir);
    const install = [
      ...(manifest.permissions ?? []),
      ...(manifest.host_permissions ?? []),
      ...(manifest.content_scripts ?? []).flatMap((script) => script.matches ?? []),
    ];
    expect(install.filter((entry) => LOOPBACK.test(entry))).toEqual([]);
    expect(install.filter(isHostPattern)).toEqual([]);
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.permissions).toEqual(build.permissions);
    // The API's origin, all-sites access and notifications are asked for at run time, from the options
    // page; the active tab's address from the side panel's "This page" (matched locally).
    const optional = [...(build.optional(manifest) ?? []), ...(build.optionalApi?.(manifest) ?? [])];
    expect(optional).toEqual(['<all_urls>', 'notifications', 'tabs']);
  });

  test(`${build.name}: docs/store-listing.md justifies every permission of the manifest`, () => {
    const manifest = readManifest(build.dir);
    const optional = [...(build.optional(manifest) ?? []), ...(build.optionalApi?.(manifest) ?? [])];
    for (const permission of [...(manifest.permissions ?? []), ...optional]) {
      // A row of one of its permission tables starts with the permission's name.
      expect(storeListing, permission).toContain(`\n| \`${permission}\``);
    }
  });
}

test('firefox-mv2: installs in Firefox ESR 140 and later, and on Android from 142', () => {
  // ESR 140 is what some distributions give (Debian 12 has): a higher minimum refuses the add-on at
  // install. `data_collection_permissions` needs 140 on the desktop and 142 on Android.
  const { browser_specific_settings: settings } = readManifest(FIREFOX_BUILD) as {
    browser_specific_settings?: Record<string, { strict_min_version?: string }>;
  };
  expect(settings?.gecko?.strict_min_version).toBe('140.0');
  expect(settings?.gecko_android?.strict_min_version).toBe('142.0');
});
