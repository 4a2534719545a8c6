import type { Browser } from 'wxt/browser';
import { STATE_PORT } from '@/lib/messages/envelope';
import type { StatePush } from '@/lib/messages/push';
import { classifySender } from '@/lib/messages/sender';

/**
 * Pushes state to connected extension pages (side panel, popup, options) instead of letting them
 * poll. Content scripts may not connect. A page reconnects when the worker restarts.
 */
export class StatePorts {
  private readonly ports = new Set<Browser.runtime.Port>();

  constructor(private readonly identity: { extensionId: string; extensionOrigin: string }) {}

  /** The `runtime.onConnect` listener. `onConnected` sends the newcomer its first push. */
  accept(port: Browser.runtime.Port, onConnected: (send: (push: StatePush) => void) => void): void {
    if (port.name !== STATE_PORT || classifySender(port.sender, this.identity)?.kind !== 'extension') {
      port.disconnect();
      return;
    }
    this.ports.add(port);
    port.onDisconnect.addListener(() => this.ports.delete(port));
    onConnected((push) => port.postMessage(push));
  }

  /** Sends a push to every connected page. */
  broadcast(push: StatePush): void {
    for (const port of this.ports) {
      try {
        port.postMessage(push);
      } catch {
        this.ports.delete(port);
      }
    }
  }

  get size(): number {
    return this.ports.size;
  }
}
