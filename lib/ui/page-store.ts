import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Reply } from '@/lib/messages/envelope';
import { STATE_PORT } from '@/lib/messages/envelope';
import type { OutboxItemView } from '@/lib/messages/fields';
import type { RequestInput } from '@/lib/messages/protocol';
import type { OutboxDelta, SavedDelta, StatePush, Topic } from '@/lib/messages/push';
import { loadPushChecks, sendMessage } from '@/lib/messages/send';
import { applyStatusChange, type Status } from '@/lib/messages/status-change';
import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';

export type { Status };

/** What a page knows of the Outbox: its items by id, and where older sent ones start. */
export interface OutboxState {
  /** Oldest first (by `seq`). */
  items: readonly OutboxItemView[];
  /** The cursor of older sent writes not loaded yet (null: all are). */
  olderCursor: string | null;
}

/** One page's state: everything it draws that the background owns. */
export interface PageState {
  status: Status | undefined;
  /** Undefined until the first page of the Outbox came (only pages that follow it get one). */
  outbox: OutboxState | undefined;
  /** Undefined until the first push (or the page's early `getSettings` answer) came. */
  settings: Settings | undefined;
  /** When the draft waiting for the side panel was handed over; null: none; undefined: not told yet. */
  pendingDraft: number | null | undefined;
  /** The Saved list, newest saved first; undefined until its first push came (pages that follow it). */
  saved: readonly SavedPost[] | undefined;
}

/** Applies one push (pure: the store's only way to change, unit-tested on its own). */
export function applyPush(state: PageState, push: StatePush): PageState {
  return {
    status: statusOf(state.status, push),
    outbox: push.outbox === undefined ? state.outbox : applyOutbox(state.outbox, push.outbox),
    settings: push.settings ?? state.settings,
    pendingDraft: push.pendingDraft === undefined ? state.pendingDraft : push.pendingDraft,
    saved: push.saved === undefined ? state.saved : applySaved(state.saved, push.saved),
  };
}

function applySaved(saved: readonly SavedPost[] | undefined, delta: SavedDelta): readonly SavedPost[] {
  const byKey = new Map(delta.reset || saved === undefined ? [] : saved.map((post) => [savedKey(post), post]));
  for (const key of delta.removed) byKey.delete(key);
  for (const post of delta.posts) byKey.set(savedKey(post), post);
  return [...byKey.values()].sort((a, b) => b.savedAt - a.savedAt);
}

/** The whole status a push brings, or the page's with the push's change applied. */
function statusOf(status: Status | undefined, push: StatePush): Status | undefined {
  if (push.status !== undefined) return push.status;
  return status === undefined || push.statusChange === undefined
    ? status
    : applyStatusChange(status, push.statusChange);
}

function applyOutbox(outbox: OutboxState | undefined, delta: OutboxDelta): OutboxState {
  const byId = new Map(delta.reset || outbox === undefined ? [] : outbox.items.map((item) => [item.id, item]));
  for (const id of delta.removed) byId.delete(id);
  for (const item of delta.items) byId.set(item.id, item);
  return {
    items: [...byId.values()].sort((a, b) => a.seq - b.seq),
    olderCursor: delta.reset ? (delta.nextCursor ?? null) : (outbox?.olderCursor ?? null),
  };
}

/** Adds a page of older items (from `listOutbox`), which never replaces a newer version the page has. */
export function withOlder(
  outbox: OutboxState,
  items: readonly OutboxItemView[],
  nextCursor: string | null,
): OutboxState {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const item of outbox.items) byId.set(item.id, item);
  return { items: [...byId.values()].sort((a, b) => a.seq - b.seq), olderCursor: nextCursor };
}

/**
 * The page's one store (in the spirit of hypothesis/client's): its state in one place, changed only
 * by the background's pushes (over one port) and by the page's own reads of older history;
 * components subscribe and draw. The worker may stop at any time, which closes the port: the store
 * connects again (the connection starts the worker), and asks again for what it followed.
 */
export class PageStore {
  private state: PageState = {
    status: undefined,
    outbox: undefined,
    settings: undefined,
    pendingDraft: undefined,
    saved: undefined,
  };
  /** Pushes applied so far: a page's own answer is older than any push that came after it was asked. */
  private pushes = 0;
  private readonly listeners = new Set<() => void>();
  private port: ReturnType<typeof browser.runtime.connect> | undefined;
  /** What the page follows beside the status (asked again after every reconnection). */
  private readonly wants = new Set<Topic>();
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** The window this side panel is shown in, said again after every reconnection. */
  private panelIn: number | undefined;
  /** What pushes wait for before they are checked and applied (see {@link holdPushesUntil}). */
  private hold: Promise<unknown> = Promise.resolve();
  /** The push schema, loaded once the hold is over; every push waits on this one promise, in order. */
  private pushChecks: ReturnType<typeof loadPushChecks> | undefined;

  get(): PageState {
    return this.state;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    this.connect();
    return () => this.listeners.delete(listener);
  }

  /** Follows the Outbox's items or the Saved list too (the next push then carries the first of it). */
  follow(topic: Topic): void {
    if (this.wants.has(topic)) return;
    this.wants.add(topic);
    if (this.port === undefined) this.connect();
    else this.port.postMessage({ subscribe: topic });
  }

  /**
   * The side panel says which window shows it: the keyboard command closes the panel where one is
   * open (lib/browser/panel-command.ts), and the port's closing says it went.
   */
  announcePanel(windowId: number): void {
    this.panelIn = windowId;
    if (this.port === undefined) this.connect();
    else this.port.postMessage({ panelIn: windowId });
  }

  /**
   * Pushes that come before `ready` settles wait for it, then are checked and applied in the order
   * they came. The side panel holds them until its first posts are painted: the push schema is zod
   * (the `checks` chunk), and loading it while the first page is on its way would put its parsing
   * before the posts (docs/performance.md, "Side panel opening"). Called before the first push.
   */
  holdPushesUntil(ready: Promise<unknown>): void {
    if (this.pushChecks !== undefined) return;
    this.hold = ready.then(noop, noop);
  }

  /** Reads the next page of older sent writes; an error's reply when it failed. */
  async loadOlder() {
    const cursor = this.state.outbox?.olderCursor;
    if (cursor === undefined || cursor === null) return undefined;
    const reply = await sendMessage('listOutbox', { cursor, limit: 100 });
    if (!reply.ok) return reply.error;
    const { outbox } = this.state;
    if (outbox !== undefined)
      this.set({ ...this.state, outbox: withOlder(outbox, reply.data.items, reply.data.nextCursor) });
    return undefined;
  }

  /**
   * Settings the page read before the first push came (the side panel asks while its code loads);
   * a push, always newer or as new, is never replaced by them.
   */
  seedSettings(settings: Settings): void {
    if (this.state.settings === undefined) this.set({ ...this.state, settings });
  }

  /**
   * Saves a change to the settings through the background. Its answer shows at once unless a push
   * came meanwhile (that push, or the one this change makes next, carries the newer value).
   */
  async saveSettings(change: RequestInput<'saveSettings'>): Promise<Reply<'saveSettings'>> {
    const before = this.pushes;
    const reply = await sendMessage('saveSettings', change);
    if (reply.ok && this.pushes === before) this.set({ ...this.state, settings: reply.data });
    return reply;
  }

  private connect(): void {
    if (this.port !== undefined) return;
    clearTimeout(this.retry);
    const port = browser.runtime.connect({ name: STATE_PORT });
    this.port = port;
    port.onMessage.addListener((raw: unknown) => {
      // The push schema (zod) loads with the first push (once the hold is over), not with the page;
      // callbacks on one promise run in the order they were added, so pushes keep their order.
      this.pushChecks ??= this.hold.then(loadPushChecks);
      void this.pushChecks.then(({ statePushSchema }) => {
        const push = statePushSchema.safeParse(raw);
        if (!push.success || this.port !== port) return;
        this.pushes += 1;
        this.set(applyPush(this.state, push.data));
      }, noop);
    });
    port.onDisconnect.addListener(() => {
      this.port = undefined;
      this.retry = setTimeout(() => this.connect(), 500);
    });
    for (const topic of this.wants) port.postMessage({ subscribe: topic });
    if (this.panelIn !== undefined) port.postMessage({ panelIn: this.panelIn });
  }

  private set(state: PageState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function noop(): void {}

let store: PageStore | undefined;

/** This page's store (one per document). */
export function pageStore(): PageStore {
  store ??= new PageStore();
  return store;
}

/** Draws from the page's store: `select` picks what the component needs; it redraws when that changes. */
export function usePageState<T>(select: (state: PageState) => T): T {
  const source = pageStore();
  const latest = useRef(select);
  latest.current = select;
  const [value, setValue] = useState(() => select(source.get()));
  useEffect(() => {
    const update = () => setValue(() => latest.current(source.get()));
    update();
    return source.subscribe(update);
  }, [source]);
  return value;
}

/** The status the background pushes. */
export function useStatus(): Status | undefined {
  return usePageState((state) => state.status);
}

/** The settings as the background last pushed them (undefined until the first push). */
export function useSettings(): Settings | undefined {
  return usePageState((state) => state.settings);
}

/** When the draft handed to the side panel's composer was handed over (null: none waits). */
export function usePendingDraft(): number | null | undefined {
  return usePageState((state) => state.pendingDraft);
}

/** The Outbox's items as the page knows them; follows them from the first call. */
export function useOutbox(): OutboxState | undefined {
  useEffect(() => pageStore().follow('outbox'), []);
  return usePageState((state) => state.outbox);
}

/** The Saved list as the page knows it (newest first); follows it from the first call. */
export function useSaved(): readonly SavedPost[] | undefined {
  useEffect(() => pageStore().follow('saved'), []);
  return usePageState((state) => state.saved);
}
