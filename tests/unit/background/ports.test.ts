import { describe, expect, it } from 'vitest';
import { MAX_WATCHED, PostStatePorts } from '@/entrypoints/background/post-state-ports';
import { StatePorts } from '@/entrypoints/background/state-port';
import { PushChanges } from '@/lib/messages/push-changes';
import type { OutboxItem } from '@/lib/queue/types';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { status as statusFixture } from '../components/outbox/fixtures';
import { accountView } from '../options/backup/fixtures';

const identity = { extensionId: 'ext', extensionOrigin: 'chrome-extension://ext' };
const fromPage = (url: string) => ({ id: 'ext', url, tab: { id: 4 }, frameId: 0 });
const fromPanel = { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' };

/** A port as the background holds it: what it was told, and a way to say something. */
function fakePort(name: string, sender: object) {
  const onMessage = new Set<(message: unknown) => void>();
  const port = {
    name,
    sender,
    told: [] as unknown[],
    disconnected: false,
    say: (message: unknown) => {
      for (const listener of onMessage) listener(message);
    },
    postMessage: (message: unknown) => port.told.push(message),
    disconnect: () => {
      port.disconnected = true;
    },
    onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.add(listener) },
    onDisconnect: {
      addListener: (listener: () => void) => {
        port.close = listener;
      },
    },
    close: (): void => undefined,
  };
  return port;
}

let seq = 0;
function reaction(postId: string, from: string, status: 'queued' | 'sent' = 'queued'): OutboxItem {
  seq += 1;
  return {
    id: `o_${seq}`,
    account: 'https://debate.example',
    seq,
    request: { kind: 'reaction', postId, reaction: 'agree' },
    state: status === 'sent' ? { status, id: `r_${seq}`, at: 1 } : { status },
    createdAt: 1,
    updatedAt: 1,
    attempts: 0,
    resends: 0,
    from,
  } as OutboxItem;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two pages on the state port (a side panel and a popup), greeted with the status; `firstPage` answers a subscription. */
function panelAndPopup(firstPage: Parameters<StatePorts['accept']>[2]) {
  const pages = new StatePorts(identity);
  const panel = fakePort('state', fromPanel);
  const popup = fakePort('state', fromPanel);
  const status = statusFixture();
  for (const port of [panel, popup]) pages.accept(port as never, async () => ({ status }), firstPage);
  return { pages, panel, popup };
}

describe('bars follow their posts: one port per frame, own site only', () => {
  it("answers the posts a frame names with its own site's writes, then only what changed", async () => {
    let items = [reaction('p_1', 'https://news.example'), reaction('p_1', 'https://other.example', 'sent')];
    const bars = new PostStatePorts(identity, async () => items);
    const port = fakePort('post-states', fromPage('https://news.example/a'));
    expect(bars.accept(port as never)).toBe(true);
    port.say({ watch: ['p_1', 'p_2'] });
    await settle();
    expect(port.told).toEqual([
      {
        posts: [
          {
            postId: 'p_1',
            reactions: [{ kind: 'agree', status: 'queued' }],
            replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
          },
          { postId: 'p_2', reactions: [], replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 } },
        ],
      },
    ]);
    // Another site's write changed: nothing to tell. This site's: told once.
    await bars.changed(new Set(['p_1']));
    expect(port.told).toHaveLength(1);
    items = [{ ...items[0], state: { status: 'sent', id: 'r_9', at: 2 } } as OutboxItem, ...items.slice(1)];
    await bars.changed(new Set(['p_1', 'p_7']));
    expect(port.told).toHaveLength(2);
    expect((port.told[1] as { posts: { reactions: { status: string }[] }[] }).posts[0]?.reactions[0]?.status).toBe(
      'sent',
    );
  });

  it('closes the port of a frame that says anything malformed or follows too many posts; refuses pages', async () => {
    const bars = new PostStatePorts(identity, async () => []);
    for (const said of [{ watch: 'p_1' }, { watch: [] }, { watch: ['../x'] }, { watch: ['p_1'], more: 1 }, null]) {
      const port = fakePort('post-states', fromPage('https://news.example/a'));
      bars.accept(port as never);
      port.say(said);
      expect(port.disconnected).toBe(true);
    }
    const greedy = fakePort('post-states', fromPage('https://news.example/a'));
    bars.accept(greedy as never);
    for (let start = 0; start <= MAX_WATCHED; start += 200) {
      greedy.say({ watch: Array.from({ length: 200 }, (_, n) => `p_${start + n}`) });
    }
    expect(greedy.disconnected).toBe(true);
    // Not ours at all: refused. A port of another name is not this class's.
    const stranger = fakePort('post-states', { id: 'other', url: 'https://news.example/', tab: { id: 1 } });
    expect(bars.accept(stranger as never)).toBe(true);
    expect(stranger.disconnected).toBe(true);
    expect(bars.accept(fakePort('state', fromPanel) as never)).toBe(false);
  });
});

describe('pages: one port, one push per change, carrying what changed', () => {
  const status = statusFixture();

  it('greets a page with the status; a subscriber gets the first page, then each change once', async () => {
    const changes = new PushChanges();
    const first = reaction('p_1', 'https://news.example');
    const { pages, panel, popup } = panelAndPopup(async () => () => ({ status, outbox: changes.firstPage([first]) }));
    panel.say({ subscribe: 'outbox' });
    panel.say({ subscribe: 'outbox' });
    await settle();
    expect(popup.told).toEqual([{ status }]);
    expect(panel.told).toEqual([
      { status },
      { outbox: { reset: true, items: [first], removed: [], nextCursor: null } },
    ]);

    const second = reaction('p_2', 'https://news.example');
    changes.add({ type: 'item', item: second });
    changes.add({ type: 'item', item: { ...second, state: { status: 'sending', since: 2 } } as OutboxItem });
    changes.add({ type: 'removed', id: first.id, account: first.account, item: first });
    const { delta, posts } = changes.take();
    expect([...posts].sort()).toEqual(['p_1', 'p_2']);
    pages.broadcast(status, delta);
    expect(panel.told.at(-1)).toEqual({
      outbox: { reset: false, items: [{ ...second, state: { status: 'sending', since: 2 } }], removed: [first.id] },
    });
    // The popup does not follow the items and the status did not change: nothing to carry, no push.
    expect([panel.told.length, popup.told.length]).toEqual([3, 1]);
    expect(changes.take()).toEqual({ delta: undefined, posts: new Set(), settings: undefined, draftChanged: false });
  });

  it('pushes changed settings and the waiting draft with their value to every page, and nothing of them otherwise', async () => {
    const pages = new StatePorts(identity);
    const panel = fakePort('state', fromPanel);
    const options = fakePort('state', fromPanel);
    const settings = { ...DEFAULT_SETTINGS, mutedWords: ['spoiler'] };
    for (const port of [panel, options]) {
      pages.accept(
        port as never,
        async () => ({ status, settings: DEFAULT_SETTINGS }),
        async () => () => ({ status }),
      );
    }
    await settle();
    pages.broadcast(status, undefined, { settings });
    pages.broadcast(status, undefined);
    pages.broadcast(status, undefined, { pendingDraft: 1_000 });
    pages.broadcast(status, undefined, { pendingDraft: null });
    for (const port of [panel, options]) {
      expect(port.told).toEqual([
        { status, settings: DEFAULT_SETTINGS },
        { settings },
        { pendingDraft: 1_000 },
        { pendingDraft: null },
      ]);
    }
  });

  it('pushes the whole status once, then per page only what changed since its last push', async () => {
    const pages = new StatePorts(identity);
    const [a, b] = [accountView({ id: 'a' }), accountView({ id: 'b', isDefault: false })];
    const early = fakePort('state', fromPanel);
    const greet = (now: typeof status) =>
      pages.accept(
        early as never,
        async () => ({ status: now }),
        async () => () => ({}),
      );
    greet(statusFixture({ accounts: [a, b] }));
    await settle();
    const busy = { ...b, pending: 1 };
    pages.broadcast(statusFixture({ accounts: [a, busy] }), undefined);
    // A page that came after that change is greeted with the whole status as it is now.
    const late = fakePort('state', fromPanel);
    pages.accept(
      late as never,
      async () => ({ status: statusFixture({ accounts: [a, busy] }) }),
      async () => () => ({}),
    );
    await settle();
    pages.broadcast(statusFixture({ accounts: [busy] }), undefined);
    expect(early.told).toEqual([
      { status: statusFixture({ accounts: [a, b] }) },
      { statusChange: { accounts: [busy] } },
      { statusChange: { order: ['b'] } },
    ]);
    expect(late.told).toEqual([{ status: statusFixture({ accounts: [a, busy] }) }, { statusChange: { order: ['b'] } }]);
  });

  it('refuses content scripts and odd subscriptions', async () => {
    const pages = new StatePorts(identity);
    const fromContent = fakePort('state', fromPage('https://news.example/'));
    pages.accept(
      fromContent as never,
      async () => ({ status }),
      async () => () => ({ status }),
    );
    expect(fromContent.disconnected).toBe(true);
    const panel = fakePort('state', fromPanel);
    pages.accept(
      panel as never,
      async () => ({ status }),
      async () => () => ({ status, outbox: undefined }),
    );
    panel.say({ subscribe: 'everything' });
    await settle();
    expect(panel.told).toEqual([{ status }]);
  });
});

describe('the Saved list reaches only the pages that follow it', () => {
  const status = statusFixture();
  const entry = (id: string, savedAt: number) => ({ id, source: 'https://debate.example', savedAt, body: id });

  it('a follower gets the whole list first, then what was added and removed; other pages nothing of it', async () => {
    const changes = new PushChanges();
    const { pages, panel, popup } = panelAndPopup(
      async (topic) => () => (topic === 'saved' ? { saved: { reset: true, posts: [entry('a', 1)], removed: [] } } : {}),
    );
    panel.say({ subscribe: 'saved' });
    await settle();
    changes.savedChanged({ added: [entry('b', 2)], removed: [] });
    changes.savedChanged({ added: [], removed: ['https://debate.example a'] });
    pages.broadcast(status, undefined, { saved: changes.take().saved });
    expect(panel.told).toEqual([
      { status },
      { saved: { reset: true, posts: [entry('a', 1)], removed: [] } },
      { saved: { reset: false, posts: [entry('b', 2)], removed: ['https://debate.example a'] } },
    ]);
    expect(popup.told).toEqual([{ status }]);
  });
});

describe('a side panel says which window shows it', () => {
  it('is heard with its window, and gone when its port closes; anything else is ignored', () => {
    const heard: [number, boolean][] = [];
    const pages = new StatePorts(
      identity,
      (task) => task(),
      (windowId, open) => heard.push([windowId, open]),
    );
    const panel = fakePort('state', fromPanel);
    pages.accept(
      panel as never,
      async () => ({}),
      async () => () => ({}),
    );
    for (const bad of [{ panelIn: -1 }, { panelIn: '5' }, { panelIn: 1.5 }, { panelIn: 5, extra: 1 }]) panel.say(bad);
    expect(heard).toEqual([]);
    panel.say({ panelIn: 5 });
    expect(heard).toEqual([[5, true]]);
    panel.close();
    expect(heard).toEqual([
      [5, true],
      [5, false],
    ]);
  });
});
