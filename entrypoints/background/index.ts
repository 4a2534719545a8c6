import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { PanelCommand } from '@/lib/browser/panel-command';
import { DecorationWatch } from '@/lib/links/decorations';
import type { Topic } from '@/lib/messages/push';
import { PushChanges } from '@/lib/messages/push-changes';
import { PushOrder } from '@/lib/messages/push-order';
import { createRouter, toRuntimeListener } from '@/lib/messages/router';
import type { Outbox } from '@/lib/queue';
import { accountsItem } from '@/lib/storage/accounts';
import { SavedPostsBook } from '@/lib/storage/saved-book';
import { readSettings, settingsItem } from '@/lib/storage/settings';
import { badgeFor, drawBadge } from './badge';
import { listenForCommands } from './commands';
import { ContextMenus } from './context-menus';
import { applyDevConfig } from './dev-config';
import { Drafts } from './drafts';
import { DrainLoop } from './drain-loop';
import { createHandlers } from './handlers';
import { LinkScripts } from './link-scripts';
import { backgroundNotifier, listenForNoticeClicks, NOTICE_ALARM } from './notifier';
import { PostStatePorts } from './post-state-ports';
import { BackgroundServices, extensionIdentity } from './services';
import { StatePorts } from './state-port';
import { statusOf } from './status';
import { SyncService } from './sync';
import { TabMarks } from './tab-marks';
import { BACKSTOP_ALARM, DRAIN_ALARM } from './wake';
import { welcomeOnInstall } from './welcome';

export default defineBackground(() => {
  // The Outbox's drain (drain-loop.ts): its watchdog is armed before every send.
  const loop: DrainLoop = new DrainLoop({
    outbox: (): Promise<Outbox> => services.outbox(),
    historyBounds: async () => {
      const { keepSent, keepSentDays } = await readSettings();
      return { keep: keepSent, maxAgeMs: keepSentDays * 86_400_000 };
    },
    healthChanged: () => pushState(),
  });
  const services: BackgroundServices = new BackgroundServices({
    beforeSend: (): Promise<void> => loop.beforeSend(),
    postsRead: () => void marks.all(),
  });
  // Each tab's button says when posts read so far link to its page (tab-marks.ts).
  const marks: TabMarks = new TabMarks(async () => {
    const index = services.pagePosts.of(await services.accounts.resolve());
    return (url) => index.lookup(url).length;
  });
  const identity = extensionIdentity();
  const kick = () => loop.kick();
  /** The status pages and the badge draw, with the drain's health. */
  const currentStatus = () => statusOf(services, loop.failure, sync.view());

  // State pushes and the badge follow every durable Outbox change, coalesced per task: one push
  // per page carries the status and the items that changed; bars hear about their posts.
  const changes = new PushChanges();
  const order = new PushOrder(async () => {
    const { delta, posts, settings, draftChanged, saved: savedDelta } = changes.take();
    const [status, pendingDraft] = await Promise.all([currentStatus(), draftChanged ? drafts.waiting() : undefined]);
    pages.broadcast(status, delta, { settings, pendingDraft, saved: savedDelta });
    if (posts.size > 0) await bars.changed(posts);
    await drawBadge(status);
    await marks.outboxChanged(badgeFor(status).text);
  }, console.error);
  const pushState = () => order.changed();
  // The keyboard command opens and closes the side panel; open panels say where they are (commands.ts).
  const panelCommand = new PanelCommand();
  const pages = new StatePorts(
    identity,
    (task) => order.serial(task),
    (windowId, open) => panelCommand.panelWindow(windowId, open),
  );
  const bars = new PostStatePorts(identity, async () => (await services.outbox()).list());

  // System notifications about writes, when the user turned them on (notifier.ts).
  const notifier = backgroundNotifier(() => services.accounts.book());

  const drafts = new Drafts(() => {
    changes.draftMoved();
    pushState();
  });
  const links = new LinkScripts();
  // The Saved list: each change reaches the pages that follow it in the next push.
  const saved = new SavedPostsBook((change) => {
    changes.savedChanged(change);
    pushState();
    if (change.removed.length > 0) void sync.savedRemoved(change.removed);
    void sync.changed();
  });
  // Sync (opt-in): settings, accounts and saved posts with the user's other browsers (sync.ts).
  const sync = new SyncService({
    accounts: services.accounts,
    saved,
    keyed: async (id) => (await services.vault.describe(id)).set,
    pending: async (id) => (await services.outbox()).summary(id).pending,
    // As when the address is typed (account-handlers.ts).
    moved: async (account, from) => {
      await (await services.outbox()).accountMoved(account, from);
      kick();
    },
    changed: pushState,
  });
  const handlers = createHandlers({
    services,
    status: currentStatus,
    kick,
    notify: pushState,
    drafts,
    links,
    saved,
    sync,
  });
  const router = createRouter(handlers, {
    ...identity,
    onInternalError: (error, name) => console.error(`Handling ${name} failed`, error),
  });
  // Menu clicks queue writes through the same handler as the content script's messages.
  const menus = new ContextMenus({
    drafts,
    react: async (postId, reaction) =>
      handlers.reactToPost(
        { postId, reaction },
        { sender: { kind: 'extension', url: browser.runtime.getURL('/'), tabId: undefined } },
      ),
  });

  // Listeners first, synchronously at the top level: a worker woken by an event must find them.
  browser.runtime.onMessage.addListener(toRuntimeListener(router));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === DRAIN_ALARM || alarm.name === BACKSTOP_ALARM) kick();
    else if (alarm.name === NOTICE_ALARM) void notifier.flushDue();
  });
  listenForNoticeClicks();
  browser.runtime.onConnect.addListener((port) => {
    const greet = async () => {
      const [status, settings, pendingDraft] = await Promise.all([currentStatus(), readSettings(), drafts.waiting()]);
      return { status, settings, pendingDraft };
    };
    const firstPage = async (topic: Topic) => {
      if (topic === 'saved') {
        const posts = await saved.list();
        return () => ({ saved: { reset: true, posts, removed: [] } });
      }
      const [status, outbox] = await Promise.all([currentStatus(), services.outbox()]);
      return () => ({ status, outbox: changes.firstPage(outbox.list()) });
    };
    if (!pages.accept(port, greet, firstPage) && !bars.accept(port)) port.disconnect();
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    router.forgetTab(tabId);
    marks.forget(tabId);
  });
  // A tab's address is known here only with the `tabs` permission: without it, no mark is drawn.
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url !== undefined || change.status === 'complete') void marks.tab(tabId, tab.url);
  });
  // The browser starting (or the extension updated) wakes the worker: the start-up sweep below runs.
  browser.runtime.onStartup.addListener(kick);
  browser.runtime.onInstalled.addListener(kick);
  // A new install (never an update) opens the welcome page: what the extension does, and a key.
  browser.runtime.onInstalled.addListener((details) => {
    welcomeOnInstall(details).catch((error: unknown) => console.error('Opening the welcome page failed', error));
  });
  listenForCommands(panelCommand);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    menus.onClicked(info, tab).catch((error: unknown) => console.error('Context menu action failed', error));
  });
  // The status follows the stored values it is made of (the vault and the Outbox notify by
  // themselves; drafts typed in a composer are no part of it); link bars and menus follow the
  // settings (site, patterns, kinds, all sites, exclusions) and the grants.
  // The link scripts and menus are rebuilt only when what they are made of changed.
  const decorations = new DecorationWatch();
  settingsItem.watch((settings) => {
    changes.settingsChanged(settings);
    pushState();
    void sync.changed();
    if (!decorations.changed(settings)) return;
    void links.sync();
    void menus.sync();
  });
  accountsItem.watch(() => {
    pushState();
    void sync.changed();
  });
  // Another browser's change (or anything else writing `storage.sync`: all of it is checked first).
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === 'sync') void sync.changed();
  });
  // Back online while the worker is awake: writes held for the network go now, not at their next
  // retry (a stopped worker is woken by that retry's alarm anyway).
  globalThis.addEventListener?.('online', () => {
    services
      .outbox()
      .then((outbox) => outbox.resumeOnline())
      .then(kick, (error: unknown) => console.error('Resuming after going online failed', error));
  });
  browser.permissions.onAdded.addListener(() => {
    void links.sync();
    listenForNoticeClicks();
    void marks.all();
  });
  browser.permissions.onRemoved.addListener(() => {
    void links.sync();
    void marks.all();
  });

  // Every worker start: the first pass settles writes found `sending` (cut off by the stop), then drains.
  void (async () => {
    if (browser.storage.local.setAccessLevel) {
      // Chrome: keep storage.local out of content scripts' reach (it holds nothing of ours any more;
      // Firefox cannot do this, which is why settings and drafts live in IndexedDB), and storage.sync:
      // a compromised page process could otherwise plant records that every synced browser reads.
      await browser.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      await browser.storage.sync.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
    }
    await services.ready;
    await applyDevConfig(services);
    void links.sync();
    void marks.restore();
    void menus.sync();
    void sync.started();
    const outbox = await services.outbox();
    outbox.subscribe((change) => {
      changes.add(change);
      notifier.changed(change);
      pushState();
    });
    pushState();
  })()
    .catch((error: unknown) => console.error('Background start-up failed', error))
    // Drained even when a step above failed: the drain retries on its own, and nothing else may be
    // left to wake a worker whose alarm already fired.
    .finally(kick);
});
