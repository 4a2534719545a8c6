import type { SandboxClient } from '../support/sandbox-client';
import { newAccount, USER_SCOPES } from './extension';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

/** The link script's registration as the browser holds it (`scripting.getRegisteredContentScripts`). */
export interface LinkScriptRegistration {
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
  await waitForRegistration(ext, SANDBOX_SITE_MATCHES);
  return created;
}
