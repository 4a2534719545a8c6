import type { Browser, CDPSession, Page } from 'puppeteer-core';

/**
 * A CDP session kept open on an extension tab (`manifest.json`: no script, so it never wakes the
 * worker), so a test can stop the service worker within milliseconds of an event, as often as it
 * likes, and read the extension's IndexedDB without waking it.
 */
export class WorkerStopper {
  private readonly status = new Map<string, string>();
  private readonly registrations = new Set<string>();
  /** How many times CDP reported a version of the worker stopped. */
  private stopsSeen = 0;

  private constructor(
    private readonly tab: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async open(browser: Browser, origin: string): Promise<WorkerStopper> {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/manifest.json`);
    const cdp = await tab.createCDPSession();
    const stopper = new WorkerStopper(tab, cdp);
    const scope = `${origin}/`;
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (r.scopeURL === scope) stopper.registrations.add(r.registrationId);
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!stopper.registrations.has(v.registrationId)) continue;
        if (v.runningStatus === 'stopped' && stopper.status.get(v.versionId) !== 'stopped') stopper.stopsSeen += 1;
        stopper.status.set(v.versionId, v.runningStatus);
      }
    });
    await cdp.send('ServiceWorker.enable');
    return stopper;
  }

  /**
   * Sends the stop at once; resolves when CDP reports the worker stopped: every version stopped now,
   * or a stop seen since the command (an alarm that is due may start it again at once, as it would
   * after any stop; polling the status alone would miss that stop).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    const before = this.stopsSeen;
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + timeoutMs;
    const stopped = () =>
      this.stopsSeen > before || (this.status.size > 0 && [...this.status.values()].every((s) => s === 'stopped'));
    // A stop sent while the worker is still starting is not always taken: ask again each second.
    for (let polls = 1; !stopped(); polls += 1) {
      if (Date.now() > deadline)
        throw new Error(`The service worker did not stop: ${JSON.stringify([...this.status])}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (polls % 50 === 0 && !stopped()) await this.cdp.send('ServiceWorker.stopAllWorkers');
    }
  }

  /** The extension tab the session is on (reads of the extension's IndexedDB go through it). */
  get page(): Page {
    return this.tab;
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
    await this.tab.close().catch(() => undefined);
  }
}
