import { browser } from 'wxt/browser';
import { siteOriginOf } from '@/lib/base-url';
import { gateable } from '@/lib/links/gate';
import { KEY_PREFIX as STOP_KEY_PREFIX } from '@/lib/links/lifetime';
import { patternsFor } from '@/lib/links/pattern';
import {
  ALL_SITES_MATCHES,
  chosenSitePattern,
  type LinkScriptPlan,
  originMatchPattern,
  planLinkScript,
} from '@/lib/links/registration';
import { readSettings } from '@/lib/storage/settings';

/** The id of the always-on link script's registration. */
export const LINK_SCRIPT_ID = 'debate-companion-links';
/** The bar script (injected where the link script found a post link). */
const BAR_SCRIPT_FILE = '/link-bar.js';
/** The link script itself, loaded where the gated copy opened its gate. */
const LINK_SCRIPT_FILE = '/links.js';

/** Loads one of our scripts into one frame of a tab. */
async function injectInto(
  tabId: number,
  frameId: number,
  file: typeof BAR_SCRIPT_FILE | typeof LINK_SCRIPT_FILE,
): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [file] });
}

/** True when the extension may run on every http(s) site (the optional `<all_urls>` grant). */
function hasAllSitesAccess(): Promise<boolean> {
  return browser.permissions.contains({ origins: ALL_SITES_MATCHES }).catch(() => false);
}

function samePlan(
  script: { js?: string[]; matches?: string[]; excludeMatches?: string[] },
  plan: LinkScriptPlan,
): boolean {
  const same = (a: readonly string[] = [], b: readonly string[] = []) =>
    a.length === b.length && [...a].sort().every((value, i) => value === [...b].sort()[i]);
  // The browser answers the files without their leading slash.
  const files = (script.js ?? []).map((file) => (file.startsWith('/') ? file : `/${file}`));
  return (
    same(files, [plan.file]) && same(script.matches, plan.matches) && same(script.excludeMatches, plan.excludeMatches)
  );
}

/**
 * Where the link script runs, kept in line with the settings and permissions: registered at run
 * time with `scripting.registerContentScripts` (Chrome MV3 and Firefox MV2 alike), on the
 * platform's site by default and on every site once the user turned that on and granted access.
 */
export class LinkScripts {
  private chain: Promise<void> = Promise.resolve();

  /** Whether bars may appear on other sites: the setting is on and the permission granted. */
  async allSitesEnabled(decorateAllSites: boolean): Promise<boolean> {
    return decorateAllSites && (await hasAllSitesAccess());
  }

  /** Whether bars may appear on `hostname` as a site the user chose: it is in the list and granted. */
  async chosenHere(hostname: string, chosenSites: readonly string[]): Promise<boolean> {
    return chosenSites.includes(hostname) && (await granted(chosenSitePattern(hostname)));
  }

  /** Loads the bar script into the frame whose link script found a post link. */
  injectBar(tabId: number, frameId: number): Promise<void> {
    return injectInto(tabId, frameId, BAR_SCRIPT_FILE);
  }

  /** Loads the link script itself into the frame whose gated copy saw a link that may be a post's. */
  injectLinkScript(tabId: number, frameId: number): Promise<void> {
    return injectInto(tabId, frameId, LINK_SCRIPT_FILE);
  }

  /** Brings the registration in line; calls run one after another, never two at once. */
  sync(): Promise<void> {
    this.chain = this.chain
      .then(() => this.apply())
      .catch((error: unknown) => console.error('Registering the link script failed', error));
    return this.chain;
  }

  /** What the settings and permissions call for now. */
  async plan(): Promise<LinkScriptPlan | null> {
    const { baseUrl, decorateAllSites, excludedHosts, chosenSites, linkPatterns } = await readSettings();
    const siteOrigin = siteOriginOf(baseUrl);
    const sitePattern = siteOrigin === null ? undefined : originMatchPattern(siteOrigin);
    const siteGranted =
      sitePattern !== undefined && (await browser.permissions.contains({ origins: [sitePattern] }).catch(() => false));
    return planLinkScript({
      siteOrigin,
      siteGranted,
      allSites: await this.allSitesEnabled(decorateAllSites),
      chosenSites: await grantedSites(chosenSites),
      excludedHosts,
      gated: gateable(patternsFor({ siteOrigin, linkPatterns })),
    });
  }

  private async apply(): Promise<void> {
    const plan = await this.plan();
    const [current] = await browser.scripting.getRegisteredContentScripts({ ids: [LINK_SCRIPT_ID] });
    if (current !== undefined && plan !== null && samePlan(current, plan)) return;
    if (current !== undefined) await browser.scripting.unregisterContentScripts({ ids: [LINK_SCRIPT_ID] });
    // Pages the script no longer runs on lose their bars now, not at their next load.
    await stopInOpenTabs(current?.matches ?? [], plan?.matches ?? []);
    if (plan === null) return;
    await browser.scripting.registerContentScripts([
      {
        id: LINK_SCRIPT_ID,
        js: [plan.file],
        matches: plan.matches,
        ...(plan.excludeMatches.length > 0 ? { excludeMatches: plan.excludeMatches } : {}),
        runAt: 'document_idle',
        allFrames: false,
        persistAcrossSessions: true,
      },
    ]);
    await injectIntoOpenTabs(plan, current?.matches ?? []);
  }
}

function granted(pattern: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [pattern] }).catch(() => false);
}

/** The chosen sites whose host access the browser holds (one the user took back in the browser: none). */
async function grantedSites(chosenSites: readonly string[]): Promise<string[]> {
  const held = await Promise.all(chosenSites.map((host) => granted(chosenSitePattern(host))));
  return chosenSites.filter((_, index) => held[index]);
}

/** Tabs matching `matches` now (those the extension may see). */
function tabsMatching(matches: readonly string[]) {
  return matches.length === 0 ? Promise.resolve([]) : browser.tabs.query({ url: [...matches] }).catch(() => []);
}

/**
 * Stops the link script and the bars in the open tabs the old registration covered and the new one
 * does not (a site the user took off the list, all sites turned off): each copy leaves its stop in
 * the extension's isolated world (`lib/links/lifetime.ts`), which the page cannot reach.
 */
async function stopInOpenTabs(before: readonly string[], after: readonly string[]): Promise<void> {
  const kept = new Set((await tabsMatching(after)).map((tab) => tab.id));
  const tabs = (await tabsMatching(before)).filter((tab) => tab.id !== undefined && !kept.has(tab.id));
  await Promise.all(
    tabs.map((tab) =>
      browser.scripting
        .executeScript({
          target: { tabId: tab.id as number, allFrames: true },
          func: (prefix: string) => {
            for (const script of ['links', 'link-bar']) {
              const stop: unknown = Reflect.get(globalThis, prefix + script);
              if (typeof stop === 'function') stop();
            }
          },
          args: [STOP_KEY_PREFIX],
        })
        .catch(() => undefined),
    ),
  );
}

/**
 * A registration reaches only pages loaded after it: the tabs already open where the new plan runs
 * and the old one did not (the platform's site the user just configured, every site just allowed)
 * get the script now. Tabs the old plan covered run it already: a second copy would replace the
 * first (`lib/links/lifetime.ts`: a newer copy stops the older one) and lose its bars.
 */
async function injectIntoOpenTabs(plan: LinkScriptPlan, before: readonly string[]): Promise<void> {
  const query = (matches: readonly string[]) =>
    matches.length === 0 ? Promise.resolve([]) : browser.tabs.query({ url: [...matches] }).catch(() => []);
  const covered = new Set((await query(before)).map((tab) => tab.id));
  const tabs = (await query(plan.matches)).filter((tab) => tab.id !== undefined && !covered.has(tab.id));
  await Promise.all(
    tabs.map((tab) =>
      browser.scripting
        .executeScript({ target: { tabId: tab.id as number }, files: [plan.file] })
        .catch(() => undefined),
    ),
  );
}
