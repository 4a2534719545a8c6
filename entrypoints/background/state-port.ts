import type { Browser } from 'wxt/browser';
import { STATE_PORT } from '@/lib/messages/envelope';
import { type OutboxDelta, pageSaysSchema, type StatePush, type Topic } from '@/lib/messages/push';
import { classifySender, type ExtensionIdentity } from '@/lib/messages/sender';
import { type Status, statusChange } from '@/lib/messages/status-change';

/** A page's port: what it follows (the Outbox's items, the Saved list), and the status its last push left it with. */
interface Subscription {
  follows: Set<Topic>;
  asked: Set<Topic>;
  status: Status | undefined;
}

/**
 * Pushes state to connected extension pages (side panel, popup, options) instead of letting them
 * poll: one port per page, one push per change, carrying what changed (lib/messages/push.ts): the
 * whole status only in a page's first push, then what changed in it since that page's last push.
 * Content scripts may not connect here. A page reconnects when the worker restarts.
 */
export class StatePorts {
  private readonly ports = new Map<Browser.runtime.Port, Subscription>();

  constructor(
    private readonly identity: ExtensionIdentity,
    /** Runs a push's making and sending in the order of all pushes (lib/messages/push-order.ts). */
    private readonly serial: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
    /** A side panel said which window shows it (`open`), or its port closed (the panel with it). */
    private readonly panelWindow: (windowId: number, open: boolean) => void = () => undefined,
  ) {}

  /**
   * The `runtime.onConnect` listener's part for pages; false for a port not theirs. `greet` makes a
   * newcomer's first push. `firstPage` gets ready (async) to make the push a page subscribing to a
   * topic (the Outbox, the Saved list) gets first; it is made and sent in the same task as the
   * subscription starts, so no change falls between the first page and the changes pushed after it. Both run in the order of every
   * push (`serial`), so a page never gets a push older than one it has.
   */
  accept(
    port: Browser.runtime.Port,
    greet: () => Promise<StatePush>,
    firstPage: (topic: Topic) => Promise<() => StatePush>,
  ): boolean {
    if (port.name !== STATE_PORT) return false;
    if (classifySender(port.sender, this.identity)?.kind !== 'extension') {
      port.disconnect();
      return true;
    }
    const subscription: Subscription = { follows: new Set(), asked: new Set(), status: undefined };
    this.ports.set(port, subscription);
    let panelIn: number | undefined;
    port.onDisconnect.addListener(() => {
      this.ports.delete(port);
      if (panelIn !== undefined) this.panelWindow(panelIn, false);
    });
    port.onMessage.addListener((raw: unknown) => {
      const says = pageSaysSchema.safeParse(raw);
      if (!says.success) return;
      if ('panelIn' in says.data) {
        panelIn = says.data.panelIn;
        this.panelWindow(panelIn, true);
        return;
      }
      const topic = says.data.subscribe;
      if (subscription.asked.has(topic)) return;
      subscription.asked.add(topic);
      this.serial(async () => {
        const make = await firstPage(topic);
        if (!this.ports.has(port)) return;
        subscription.follows.add(topic);
        this.post(port, subscription, make());
      }).catch(console.error);
    });
    this.serial(async () => this.post(port, subscription, await greet())).catch(console.error);
    return true;
  }

  /**
   * Sends every page the status, and what else changed (the settings, the waiting draft), and the
   * Outbox's and the Saved list's changes to those that follow them.
   */
  broadcast(
    status: Status,
    outbox: OutboxDelta | undefined,
    changed: Pick<StatePush, 'settings' | 'pendingDraft' | 'saved'> = {},
  ): void {
    const { settings, pendingDraft, saved } = changed;
    for (const [port, subscription] of this.ports) {
      this.post(port, subscription, {
        status,
        ...(subscription.follows.has('outbox') && outbox !== undefined ? { outbox } : {}),
        ...(subscription.follows.has('saved') && saved !== undefined ? { saved } : {}),
        ...(settings === undefined ? {} : { settings }),
        ...(pendingDraft === undefined ? {} : { pendingDraft }),
      });
    }
  }

  get size(): number {
    return this.ports.size;
  }

  /**
   * Sends a push, its status as the change from the one the page has (the whole status to a page
   * that has none yet); a push left with nothing to carry is not sent.
   */
  private post(port: Browser.runtime.Port, subscription: Subscription, { status, ...rest }: StatePush): void {
    const push: StatePush = { ...rest };
    if (status !== undefined && subscription.status === undefined) push.status = status;
    else if (status !== undefined && subscription.status !== undefined) {
      const change = statusChange(subscription.status, status);
      if (change !== undefined) push.statusChange = change;
    }
    if (Object.keys(push).length === 0) return;
    if (status !== undefined) subscription.status = status;
    try {
      port.postMessage(push);
    } catch {
      this.ports.delete(port);
    }
  }
}
