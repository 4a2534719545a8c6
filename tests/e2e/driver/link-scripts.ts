import type { SandboxClient } from '../support/sandbox-client';
import { newAccount, USER_SCOPES } from './extension';
import type { ExtensionBrowser } from './types';
import { click, find, isDisabled, role, until } from './ui';

/** The link script's registration as the browser holds it (`scripting.getRegisteredContentScripts`). */
export interface LinkScriptRegistration {
  /** `/links-gated.js` while every permalink pattern starts with `posts/`, else `/links.js`. */
  js?: string[];
  matches?: string[];
  excludeMatches?: string[];
}

/** Where the link script runs now: undefined while it is not registered. */
export async function registeredLinkScript(ext: ExtensionBrowser): Promise<LinkScriptRegistration | undefined> {
  const scripts = await ext.inExtension(() => {
    const api =
      (globalThis as unknown as { browser?: ScriptingApi }).browser ??
      (globalThis as unknown as { chrome: ScriptingApi }).chrome;
    return api.scripting.getRegisteredContentScripts();
  });
  return scripts[0];
}

interface ScriptingApi {
  scripting: { getRegisteredContentScripts(): Promise<LinkScriptRegistration[]> };
}

/** Waits until the link script is registered for exactly `matches` (the registration follows the settings). */
export async function waitForRegistration(ext: ExtensionBrowser, matches: string[]): Promise<LinkScriptRegistration> {
  const wanted = [...matches].sort().join();
  return until(
    async () => {
      const script = await registeredLinkScript(ext);
      return script !== undefined && [...(script.matches ?? [])].sort().join() === wanted ? script : undefined;
    },
    `the link script registered for ${matches.join(', ')}`,
  );
}

/** The link script's matches for the sandbox's site (loopback, any port). */
export const SANDBOX_SITE_MATCHES = ['http://127.0.0.1/*'];

/**
 * A new account of the test's own, the extension configured for it, and the link script registered
 * for the sandbox's site: what every bar flow on the platform's site starts from.
 */
export async function decorateSandboxSite(
  ext: ExtensionBrowser,
  control: SandboxClient,
  scopes: string[] = USER_SCOPES,
): Promise<{ key: string; account: string }> {
  const created = await newAccount(ext, control, scopes);
  // Registered for the sandbox's site, or for every site when all sites are on.
  await until(async () => {
    const matches = (await registeredLinkScript(ext))?.matches ?? [];
    return matches.includes(SANDBOX_SITE_MATCHES[0] as string) || matches.includes('http://*/*') ? true : undefined;
  }, 'the link script registered for the sandbox site');
  return created;
}

/** The link script's matches once "Decorate post links on all sites" is on. */
export const ALL_SITES_MATCHES = ['http://*/*', 'https://*/*'];

/** The options page's switch for all sites. */
const ALL_SITES_SWITCH = role('checkbox', 'Decorate post links on all sites');

/**
 * Turns on "Decorate post links on all sites" as a user does, on the options page (its click asks
 * the browser for access to every site: see the flows for how each browser answers), unless it is
 * on; resolves once the link script is registered for every site.
 */
export async function allowAllSites(ext: ExtensionBrowser): Promise<void> {
  const options = await ext.open('options.html');
  const checked = () =>
    find(options, ALL_SITES_SWITCH).then((box) => box.evaluate((el) => (el as HTMLInputElement).checked));
  if (!(await checked())) {
    await until(async () => ((await isDisabled(options, ALL_SITES_SWITCH)) ? undefined : true), 'the switch enabled');
    await click(options, ALL_SITES_SWITCH);
    await until(async () => ((await checked()) ? true : undefined), 'the switch on');
  }
  await waitForRegistration(ext, ALL_SITES_MATCHES);
  await options.close();
}
