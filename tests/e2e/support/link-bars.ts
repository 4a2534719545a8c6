import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { domSession } from './closed-shadow';
import { configure } from './extension-client';
import { scaled } from './time';

/** The extension's service worker (Playwright keeps one handle for it). */
export async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: scaled(15_000) }));
}

/** The link script's registration as the browser holds it (`scripting.getRegisteredContentScripts`). */
export async function registeredLinkScript(
  context: BrowserContext,
): Promise<{ matches?: string[]; excludeMatches?: string[] } | undefined> {
  const worker = await serviceWorker(context);
  const scripts = await worker.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: {
          scripting: { getRegisteredContentScripts(): Promise<{ matches?: string[]; excludeMatches?: string[] }[]> };
        };
      }
    ).chrome.scripting.getRegisteredContentScripts(),
  );
  return scripts[0];
}

/** Waits until the link script is registered with these matches (registration follows settings changes). */
export async function waitForRegistration(context: BrowserContext, matches: string[]): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const script = await registeredLinkScript(context);
    if (script !== undefined && [...(script.matches ?? [])].sort().join() === [...matches].sort().join()) return;
    if (Date.now() > end)
      throw new Error(`Link script not registered for ${matches.join(', ')}: ${JSON.stringify(script)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Configures the extension against a sandbox from an extension page (base URL + key), then waits
 * until the link script is registered for the sandbox's site (loopback), as it is for the platform's.
 */
export async function configureForSandboxSite(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
  key: string,
): Promise<void> {
  await configure(page, baseUrl, key);
  await waitForRegistration(context, ['http://127.0.0.1/*']);
}

/** A sandbox event (webhook payload) as `/__sandbox/events` lists it. */
export interface SandboxEvent {
  type: string;
  data: { id: string; postId?: string; kind?: string; body?: string };
}

/** Every event the sandbox recorded, oldest first. */
export async function sandboxEvents(baseUrl: string): Promise<SandboxEvent[]> {
  const response = await fetch(`${baseUrl}/__sandbox/events`);
  return ((await response.json()) as { events: SandboxEvent[] }).events;
}

/** Waits until the sandbox has recorded `count` events of `type` (the writes landed). */
export async function waitForEvents(baseUrl: string, type: string, count: number): Promise<SandboxEvent[]> {
  const end = Date.now() + 20_000;
  for (;;) {
    const events = (await sandboxEvents(baseUrl)).filter((event) => event.type === type);
    if (events.length >= count) return events;
    if (Date.now() > end) throw new Error(`Expected ${count} ${type} events, saw ${events.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resets the sandbox to its seeded demo data (the sandbox is shared by the tests of a worker). */
export async function resetSandbox(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/__sandbox/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seed: true }),
  });
  if (!response.ok) throw new Error(`reset answered ${response.status}`);
}

/**
 * The extension configured for the sandbox's site (see {@link configureForSandboxSite}) and a new tab
 * with a CDP session on it (DOM agent on), not yet navigated: what every inline-bar test starts from.
 */
export async function decoratedSitePage(
  context: BrowserContext,
  extensionPage: (path: string) => Promise<Page>,
  baseUrl: string,
  key: string,
): Promise<{ options: Page; page: Page; cdp: CDPSession }> {
  const options = await extensionPage('options.html');
  await configureForSandboxSite(context, options, baseUrl, key);
  const page = await context.newPage();
  return { options, page, cdp: await domSession(page) };
}
