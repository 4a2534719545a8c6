import type { Browser } from 'wxt/browser';
import { POST_STATES_PORT } from '@/lib/messages/envelope';
import { idSchema } from '@/lib/messages/fields';
import { MAX_POST_IDS } from '@/lib/messages/limits';
import { type PostStateView, postStates } from '@/lib/messages/post-writes';
import { classifySender, type ExtensionIdentity } from '@/lib/messages/sender';
import type { OutboxItem } from '@/lib/queue/types';
import { z } from '@/lib/zod';
import { pageSite } from './sites';

/** The most posts one frame follows (a long page with a bar per link stays well below it). */
export const MAX_WATCHED = 2_000;

const watchSchema = z.strictObject({ watch: z.array(idSchema).min(1).max(MAX_POST_IDS) });

interface Watcher {
  site: string;
  /** The posts followed, and the state last told for each (as JSON), to tell only changes. */
  told: Map<string, string>;
}

/**
 * Content scripts follow the states of the posts their bars show over a port per frame (opened with
 * the first bar, closed when the page has none): they say which posts, the background answers at
 * once and pushes each post whose state changes. A frame learns only about writes made from bars
 * of its own site (a page learns nothing of what the user did elsewhere), and only for the posts it
 * named; a malformed message closes its port.
 */
export class PostStatePorts {
  private readonly ports = new Map<Browser.runtime.Port, Watcher>();

  constructor(
    private readonly identity: ExtensionIdentity,
    /** The Outbox's items, oldest first. */
    private readonly items: () => Promise<readonly OutboxItem[]>,
  ) {}

  /** The `runtime.onConnect` listener's part for content scripts; false for a port not theirs. */
  accept(port: Browser.runtime.Port): boolean {
    if (port.name !== POST_STATES_PORT) return false;
    const sender = classifySender(port.sender, this.identity);
    const site = sender === undefined ? undefined : pageSite(sender);
    if (site === undefined) {
      port.disconnect();
      return true;
    }
    const watcher: Watcher = { site, told: new Map() };
    this.ports.set(port, watcher);
    port.onDisconnect.addListener(() => this.ports.delete(port));
    port.onMessage.addListener((raw: unknown) => {
      const said = watchSchema.safeParse(raw);
      const fresh = said.success ? said.data.watch.filter((id) => !watcher.told.has(id)) : [];
      if (!said.success || watcher.told.size + fresh.length > MAX_WATCHED) {
        this.drop(port);
        return;
      }
      // Every post named is told once (a frame connecting again may hold an older state), then changes only.
      for (const id of fresh) watcher.told.set(id, '');
      void this.tell(port, watcher, fresh);
    });
    return true;
  }

  /** After Outbox changes: each frame hears about the followed posts among `postIds` whose state changed. */
  async changed(postIds: ReadonlySet<string>): Promise<void> {
    for (const [port, watcher] of this.ports) {
      const touched = [...postIds].filter((id) => watcher.told.has(id));
      if (touched.length > 0) await this.tell(port, watcher, touched);
    }
  }

  get size(): number {
    return this.ports.size;
  }

  private async tell(port: Browser.runtime.Port, watcher: Watcher, postIds: string[]): Promise<void> {
    const posts: PostStateView[] = [];
    for (const state of siteStates(await this.items(), watcher.site, postIds, Date.now())) {
      const key = JSON.stringify(state);
      if (watcher.told.get(state.postId) === key) continue;
      watcher.told.set(state.postId, key);
      posts.push(state);
    }
    if (posts.length === 0 || !this.ports.has(port)) return;
    try {
      port.postMessage({ posts });
    } catch {
      this.ports.delete(port);
    }
  }

  private drop(port: Browser.runtime.Port): void {
    this.ports.delete(port);
    port.disconnect();
  }
}

/** What a frame of `site` may see of `postIds`: the writes made from its own site only. */
export function siteStates(
  items: readonly OutboxItem[],
  site: string,
  postIds: readonly string[],
  now: number,
): PostStateView[] {
  return [
    ...postStates(
      items.filter((item) => item.from === site),
      now,
      postIds,
    ).values(),
  ];
}
