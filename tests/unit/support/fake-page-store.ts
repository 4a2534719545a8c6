import type { OutboxItemView } from '@/lib/messages/fields';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import type { Status } from '@/lib/ui/page-store';

/**
 * The page's store as a component test drives it (`vi.mock('@/lib/ui/page-store', async () =>
 * (await import('../../support/fake-page-store')).fakePageStoreModule(send))`): the test sets what the background last pushed and pushes changes;
 * a save goes through the test's `send` and, answered, shows as the push that follows it would.
 */
export const fakeStore = {
  status: undefined as Status | undefined,
  items: [] as OutboxItemView[],
  olderCursor: null as string | null,
  settings: undefined as Settings | undefined,
  pendingDraft: undefined as number | null | undefined,
  saved: [] as SavedPost[],
  listeners: new Set<() => void>(),
  /** What the page's "older history" read answers (`pageStore().loadOlder()`). */
  loadOlder: async (): Promise<unknown> => undefined,
};

/** The background's push: the state changes, every component reading it draws again. */
export function push(
  change: Partial<Pick<typeof fakeStore, 'status' | 'items' | 'settings' | 'pendingDraft' | 'saved'>>,
): void {
  Object.assign(fakeStore, change);
  for (const listener of fakeStore.listeners) listener();
}

/** Forgets what a test pushed (call in `beforeEach`). */
export function resetFakeStore(settings?: Settings): void {
  fakeStore.status = undefined;
  fakeStore.items = [];
  fakeStore.olderCursor = null;
  fakeStore.settings = settings;
  fakeStore.pendingDraft = undefined;
  fakeStore.saved = [];
  fakeStore.listeners.clear();
  fakeStore.loadOlder = async () => undefined;
}

type Send = (name: string, payload?: unknown) => Promise<{ ok: boolean; data?: unknown }>;

/** The module `@/lib/ui/page-store` replaced: the hooks read `fakeStore`, saves go through `send`. */
export async function fakePageStoreModule(send: Send) {
  const { useEffect, useState } = await import('preact/hooks');
  const useFollow = () => {
    const [, redraw] = useState(0);
    useEffect(() => {
      const listener = () => redraw((n) => n + 1);
      fakeStore.listeners.add(listener);
      return () => {
        fakeStore.listeners.delete(listener);
      };
    }, []);
  };
  return {
    useStatus: () => {
      useFollow();
      return fakeStore.status;
    },
    useOutbox: () => {
      useFollow();
      return { items: fakeStore.items, olderCursor: fakeStore.olderCursor };
    },
    useSettings: () => {
      useFollow();
      return fakeStore.settings;
    },
    usePendingDraft: () => {
      useFollow();
      return fakeStore.pendingDraft;
    },
    useSaved: () => {
      useFollow();
      return fakeStore.saved;
    },
    pageStore: () => ({
      loadOlder: () => fakeStore.loadOlder(),
      seedSettings: (settings: Settings) => {
        if (fakeStore.settings === undefined) push({ settings });
      },
      saveSettings: async (change: Partial<Settings>) => {
        const reply = await send('saveSettings', change);
        if (reply.ok) push({ settings: reply.data as Settings });
        return reply;
      },
    }),
  };
}
