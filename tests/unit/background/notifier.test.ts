import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NOTICE_WINDOW_MS } from '@/entrypoints/background/notifications';
import {
  listenForNoticeClicks,
  NOTICE_ALARM,
  Notifier,
  noticeTarget,
  openNotice,
} from '@/entrypoints/background/notifier';
import type { OutboxChange } from '@/lib/queue';
import type { OutboxItem } from '@/lib/queue/types';
import { useEnglishMessages } from '../support/locale';

const T0 = 1_800_000_000_000;

function failed(id: string, body: string, at: number): OutboxChange {
  const item: OutboxItem = {
    id,
    account: 'acct-a',
    seq: 1,
    request: { kind: 'comment', postId: 'p1', body },
    state: { status: 'failed', reason: { kind: 'invalid', message: 'no' }, at },
    createdAt: at - 1_000,
    updatedAt: at,
    attempts: 1,
    resends: 0,
  };
  return { type: 'item', item };
}

/** What the fake browser shows: id → title and message. */
function shown(): Record<string, { title?: string; message?: string }> {
  return (
    fakeBrowser.notifications as unknown as {
      getAllCreateOptions(): Record<string, { title?: string; message?: string }>;
    }
  ).getAllCreateOptions();
}

describe('Notifier', () => {
  let now = T0;
  let allowed = true;
  const make = () =>
    new Notifier({
      allowed: async () => allowed,
      names: async () => ({ account: 'Riverton desk', reactionLabel: (kind) => kind }),
      clock: () => now,
    });

  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    now = T0;
    allowed = true;
  });

  /** Waits for the notifier's queued work (it runs in order, after `changed`). */
  const settle = (notifier: Notifier) => notifier.flushDue();

  it('shows a failed write with a short excerpt of what it was', async () => {
    const notifier = make();
    const long = `The minutes are on the council site, item 7: the vote was 6 to 3, ${'and more '.repeat(20)}`;
    notifier.changed(failed('item-1', long, now));
    await settle(notifier);
    const notices = shown();
    expect(Object.keys(notices)).toEqual(['notice:trouble:item-1']);
    expect(notices['notice:trouble:item-1']?.title).toBe('A write failed');
    const message = notices['notice:trouble:item-1']?.message ?? '';
    expect(message.startsWith('Reply: “The minutes are on the council site')).toBe(true);
    expect(message.length).toBeLessThan(80);
  });

  it('is quiet while the user has not turned it on (or the permission is gone)', async () => {
    allowed = false;
    const notifier = make();
    notifier.changed(failed('item-1', 'text', now));
    await settle(notifier);
    expect(shown()).toEqual({});
  });

  it('20 failures in a minute: one notification, then, when the alarm rings, one summary replacing it', async () => {
    const notifier = make();
    for (let n = 1; n <= 20; n++) {
      notifier.changed(failed(`item-${n}`, `reply ${n}`, now));
      now += 2_000;
    }
    await settle(notifier);
    expect(Object.keys(shown())).toEqual(['notice:trouble:item-1']);
    const alarm = await browser.alarms.get(NOTICE_ALARM);
    expect(alarm?.scheduledTime).toBe(T0 + NOTICE_WINDOW_MS);
    now = T0 + NOTICE_WINDOW_MS;
    await notifier.flushDue();
    expect(shown()).toEqual({
      'notice:trouble:': expect.objectContaining({ title: '19 writes need your attention' }),
    });
  });

  it('keeps its rate limit across a service worker restart (storage.session)', async () => {
    const first = make();
    first.changed(failed('item-1', 'one', now));
    await settle(first);
    now += 5_000;
    const second = make();
    second.changed(failed('item-2', 'two', now));
    second.changed(failed('item-1', 'one', T0));
    await settle(second);
    expect(Object.keys(shown())).toEqual(['notice:trouble:item-1']);
  });
});

describe('clicking a notification', () => {
  beforeEach(() => fakeBrowser.reset());

  it('leads to the Outbox on the write it names; a summary to the Outbox; others are not ours', () => {
    expect(noticeTarget('notice:trouble:item-1')).toBe('/sidepanel.html#outbox/item-1');
    expect(noticeTarget('notice:landed:')).toBe('/sidepanel.html#outbox');
    expect(noticeTarget('notice:disabled:')).toBe('/sidepanel.html#outbox');
    expect(noticeTarget('someone-else')).toBeUndefined();
  });

  it('opens the side panel page on the write in a tab, and clears the notification', async () => {
    const create = vi.spyOn(browser.tabs, 'create');
    await browser.notifications.create('notice:trouble:item-1', {
      type: 'basic',
      title: 't',
      message: 'm',
      iconUrl: '',
    });
    listenForNoticeClicks();
    listenForNoticeClicks();
    await fakeBrowser.notifications.onClicked.trigger('notice:trouble:item-1');
    await vi.waitFor(async () => expect(await browser.notifications.getAll()).toEqual({}));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      url: browser.runtime.getURL('/sidepanel.html#outbox/item-1' as '/sidepanel.html'),
      active: true,
    });
  });

  it('ignores a click on a notification that is not ours', async () => {
    const create = vi.spyOn(browser.tabs, 'create');
    await openNotice('other');
    expect(create).not.toHaveBeenCalled();
  });
});
