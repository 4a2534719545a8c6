import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A Chromium profile prepared before the browser starts: what the user granted the extension is
 * recorded where Chrome keeps it (headless Chromium shows permission prompts and never answers
 * them). Shared by the e2e driver and the benchmarks.
 */

/** Flags that keep headless system Chromium quiet on a machine with no outside network. */
export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

/**
 * The host access the options page asks for when the sandbox's base URL (`http://127.0.0.1:PORT`)
 * is saved: the store build has no host permission until the user grants one.
 */
export const SANDBOX_GRANT = ['http://127.0.0.1/*'];

/** Chromium's id of an unpacked extension: the SHA-256 of its real path, 32 hex digits spelled `a`–`p`. */
export function unpackedExtensionId(extensionDir: string): string {
  const hex = createHash('sha256').update(realpathSync(extensionDir)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** The profile's `Preferences` file, where Chrome records what each extension was granted. */
export interface Preferences {
  extensions?: { settings?: Record<string, Record<string, unknown>>; pinned_extensions?: string[] };
}

/**
 * Records host access as granted to extension `id` in `preferences`, as Chrome writes it after the
 * user accepts a `permissions.request` prompt (granted, active and runtime-granted sets).
 */
export function recordHostGrant(preferences: Preferences, id: string, origins: readonly string[]): void {
  preferences.extensions ??= {};
  preferences.extensions.settings ??= {};
  const settings = preferences.extensions.settings[id] ?? {};
  preferences.extensions.settings[id] = settings;
  for (const key of ['granted_permissions', 'active_permissions', 'runtime_granted_permissions']) {
    const entry = (settings[key] ?? { api: [], manifest_permissions: [], scriptable_host: [], explicit_host: [] }) as {
      explicit_host?: string[];
    };
    entry.explicit_host = [...new Set([...(entry.explicit_host ?? []), ...origins])];
    settings[key] = entry;
  }
}

/**
 * Records optional API permissions (`notifications`, `tabs`) as granted to extension `id`, as
 * Chrome writes them after the user accepts a `permissions.request` prompt.
 */
export function recordApiGrant(preferences: Preferences, id: string, apis: readonly string[]): void {
  recordHostGrant(preferences, id, []);
  const settings = preferences.extensions?.settings?.[id] ?? {};
  for (const key of ['granted_permissions', 'active_permissions', 'runtime_granted_permissions']) {
    const entry = settings[key] as { api?: string[] };
    entry.api = [...new Set([...(entry.api ?? []), ...apis])];
  }
}

/**
 * Records `origins` and `apis` as granted to the unpacked extension at `extensionDir`, in a new
 * profile at `userDataDir` (a profile that exists already keeps what it holds); with `pin`, its
 * button pinned on the toolbar, as the user's pin in the Extensions menu records it (a new install's
 * button is in that menu only, and its badge not seen). True when the profile is new: the extension
 * will be installed on it.
 */
export function prepareProfile(
  userDataDir: string,
  extensionDir: string,
  origins: readonly string[],
  apis: readonly string[],
  pin = false,
): boolean {
  const installs = !existsSync(path.join(userDataDir, 'Default'));
  const preferencesFile = path.join(userDataDir, 'Default', 'Preferences');
  if (existsSync(preferencesFile) || (origins.length === 0 && apis.length === 0 && !pin)) return installs;
  const preferences: Preferences = {};
  const id = unpackedExtensionId(extensionDir);
  recordHostGrant(preferences, id, origins);
  if (apis.length > 0) recordApiGrant(preferences, id, apis);
  if (pin) preferences.extensions = { ...preferences.extensions, pinned_extensions: [id] };
  mkdirSync(path.dirname(preferencesFile), { recursive: true });
  writeFileSync(preferencesFile, JSON.stringify(preferences));
  return installs;
}
