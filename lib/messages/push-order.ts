/**
 * The order of the background's pushes. A push is made from reads (the status, the Outbox), which
 * take time: two made at once may finish in either order, and a page that gets the older one last
 * draws a state that is gone for good (seen beside busy CPUs: an account's reserve shown as it was
 * before a change). So every push is made and sent one after another, in the order they were asked
 * for: a page's greeting, its first Outbox page, and the changes; each one newer than the last.
 *
 * Changes are coalesced: any number asked for before the next push starts make that one push, which
 * reads everything at its start.
 */
export class PushOrder {
  private chain: Promise<unknown> = Promise.resolve();
  private queued = false;

  constructor(
    /** Makes and sends one push of the changes. */
    private readonly push: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Asks for a push of what changed; coalesced with every other asked for before it starts. */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    // A task later, so the changes a task makes (several storage writes) make one push.
    setTimeout(() => {
      void this.serial(async () => {
        this.queued = false;
        await this.push();
      }).catch(this.onError);
    }, 0);
  }

  /** Runs `task` after every push asked for before it, and before every push asked for after it. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
