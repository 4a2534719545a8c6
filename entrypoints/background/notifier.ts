import { browser } from 'wxt/browser';
import { accountName } from '@/lib/account-name';
import type { OutboxChange } from '@/lib/queue';
import { type AccountBook, accountById } from '@/lib/storage/accounts';
import { kindLabel } from '@/lib/storage/reaction-kinds';
import { readSettings } from '@/lib/storage/settings';
import { outboxLink } from '@/lib/ui/outbox-link';
import { type NoticeNames, noticeWords } from './notice-words';
import { EMPTY_GATE, type GateState, type Notice, type NoticeEvent, NoticeGate, noticeOf } from './notifications';

/** The alarm that shows the summaries held back by the rate limit when their minute ends. */
export const NOTICE_ALARM = 'notices';
/** Our notifications' ids start with this: `notice:<kind>:<itemId or empty>`. */
const NOTICE_PREFIX = 'notice:';
/** Where the rate limit's state is kept across service worker restarts (Chrome's `storage.session`). */
const GATE_KEY = 'noticeGate';

/** What the notifier asks of the rest of the background. */
export interface NotifierDeps {
  /** True when the user turned notifications on (settings) and the browser allows them. */
  allowed: () => Promise<boolean>;
  /** The names the words of a notification need (the account's, the reaction kinds' labels). */
  names: (event: NoticeEvent) => Promise<NoticeNames>;
  clock?: () => number;
}

/** The browser's notifications API, once the optional permission is granted (undefined before). */
const api = () => browser.notifications as typeof browser.notifications | undefined;

/** Chrome keeps `storage.session` across worker restarts; Firefox's background page never restarts. */
const session = () => browser.storage.session as typeof browser.storage.session | undefined;

/**
 * Turns Outbox changes into system notifications: decides with `noticeOf` and `NoticeGate`
 * (notifications.ts), and shows them. Quiet unless the user turned them on. One notification per
 * kind on screen: a newer one of a kind replaces the older.
 */
export class Notifier {
  private readonly clock: () => number;
  private gate: Promise<NoticeGate> | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NotifierDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Hears one durable Outbox change (synchronously; the work runs in order, after). */
  changed(change: OutboxChange): void {
    const heardAt = this.clock();
    const event = noticeOf(change, heardAt);
    if (event === undefined) return;
    this.serial(async () => {
      if (!(await this.deps.allowed())) return;
      const gate = await this.loadGate();
      const notice = gate.offer(event, heardAt);
      await this.keep(gate);
      if (notice !== undefined) await this.show(notice);
    });
  }

  /** Shows the summaries whose minute has ended (the alarm's handler). */
  flushDue(): Promise<void> {
    return this.serial(async () => {
      const gate = await this.loadGate();
      const notices = gate.due();
      await this.keep(gate);
      if (notices.length === 0 || !(await this.deps.allowed())) return;
      for (const notice of notices) await this.show(notice);
    });
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.tail.then(work).catch((error: unknown) => console.warn('A notification failed', error));
    this.tail = run;
    return run;
  }

  private loadGate(): Promise<NoticeGate> {
    this.gate ??= (async () => {
      const stored = (
        await session()
          ?.get(GATE_KEY)
          .catch(() => undefined)
      )?.[GATE_KEY] as GateState | undefined;
      return new NoticeGate(this.clock, isGateState(stored) ? stored : EMPTY_GATE);
    })();
    return this.gate;
  }

  /** Keeps the gate's state and wakes the worker when the next summary is due. */
  private async keep(gate: NoticeGate): Promise<void> {
    await session()
      ?.set({ [GATE_KEY]: gate.snapshot() })
      .catch(() => undefined);
    const dueAt = gate.nextDueAt();
    if (dueAt === undefined) await browser.alarms.clear(NOTICE_ALARM);
    else await browser.alarms.create(NOTICE_ALARM, { when: dueAt });
  }

  private async show(notice: Notice): Promise<void> {
    const notifications = api();
    if (notifications === undefined) return;
    const { title, message } = noticeWords(notice, await this.deps.names(notice.latest));
    const target = notice.count === 1 ? (notice.latest.itemId ?? '') : '';
    const id = `${NOTICE_PREFIX}${notice.kind}:${target}`;
    const shown = Object.keys(await notifications.getAll());
    for (const old of shown) if (old.startsWith(`${NOTICE_PREFIX}${notice.kind}:`)) await notifications.clear(old);
    await notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title,
      message,
    });
  }
}

function isGateState(value: unknown): value is GateState {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GateState).told) &&
    typeof (value as GateState).windows === 'object'
  );
}

/**
 * Where a click on one of our notifications leads: the side panel's page on the Outbox, on the
 * write it names (a summary, or a disabled key: the Outbox as a whole). Undefined for an id not ours.
 */
export function noticeTarget(notificationId: string): string | undefined {
  if (!notificationId.startsWith(NOTICE_PREFIX)) return undefined;
  const rest = notificationId.slice(NOTICE_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon === -1) return undefined;
  const item = rest.slice(colon + 1);
  return outboxLink(item === '' ? undefined : item);
}

/**
 * Opens what a click on one of our notifications leads to, in a new tab of the last focused window
 * (the side panel cannot be told which write to show, and may not open without a gesture:
 * docs/decisions.md, "Notifications"), brings that window forward and clears the notification.
 */
export async function openNotice(notificationId: string): Promise<void> {
  const path = noticeTarget(notificationId);
  if (path === undefined) return;
  const tab = await browser.tabs.create({ url: browser.runtime.getURL(path as '/sidepanel.html'), active: true });
  if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
  await api()?.clear(notificationId);
}

/** The click listener (one function, so it is added once). */
function onNoticeClicked(id: string): void {
  openNotice(id).catch((error: unknown) => console.warn('Opening a notification failed', error));
}

/**
 * Listens for clicks on our notifications, once the API exists: at start when the permission is held,
 * or when it is granted later (Chrome defines `notifications` only then).
 */
export function listenForNoticeClicks(): void {
  const clicked = api()?.onClicked;
  if (clicked === undefined || clicked.hasListener(onNoticeClicked)) return;
  clicked.addListener(onNoticeClicked);
}

/** The notifier as the background runs it: the settings' switch and the permission, the account book's names. */
export function backgroundNotifier(book: () => Promise<AccountBook>): Notifier {
  return new Notifier({
    // The permission first: without it (the default) no settings are read for each change.
    allowed: async () =>
      (await browser.permissions.contains({ permissions: ['notifications'] })) && (await readSettings()).notify,
    names: async (event) => {
      const [settings, accounts] = await Promise.all([readSettings(), book()]);
      const account = accountById(accounts, event.account);
      const labels = new Map(settings.reactionKinds.map((kind) => [kind.value, kindLabel(kind)]));
      return {
        account: account === undefined ? undefined : accountName(account),
        reactionLabel: (kind) => labels.get(kind) ?? kind,
      };
    },
  });
}
