import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxView } from '@/components/outbox/OutboxView';
import type { OutboxItemView } from '@/lib/messages/fields';
import { outboxLink, outboxLinkTarget } from '@/lib/ui/outbox-link';
import { useEnglishMessages } from '../../support/locale';
import { outboxItem, status } from './fixtures';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const none = async () => undefined;

function view(items: OutboxItemView[], focusItem: string | undefined, onFocused: () => void) {
  return (
    <OutboxView
      outbox={{ items, olderCursor: null } as never}
      status={status()}
      siteOrigin={null}
      reactionLabel={(kind) => kind}
      onRetry={none}
      onEditAndResend={none}
      onDiscard={none}
      onReschedule={none}
      onSendNow={none}
      onShowOlder={none}
      focusItem={focusItem}
      onFocused={onFocused}
    />
  );
}

describe('the Outbox opened on one write (a notification was clicked)', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  it('scrolls to that write and focuses it, once, even among older sent ones', async () => {
    const sent = Array.from({ length: 15 }, (_, n) =>
      outboxItem({ kind: 'post', body: `Sent post ${n}` }, { status: 'sent', id: `p_${n}`, at: NOW - n * 60_000 }),
    );
    const oldest = sent[14] as OutboxItemView;
    const onFocused = vi.fn();
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const { rerender } = render(view(sent, oldest.id, onFocused));
    const target = screen.getByRole('listitem', { name: /Sent post 14/ });
    await waitFor(() => expect(document.activeElement).toBe(target));
    expect(scroll).toHaveBeenCalledWith({ block: 'center' });
    expect(onFocused).toHaveBeenCalledTimes(1);
    // A later push with the same item asked for focuses it no second time.
    rerender(view([...sent], oldest.id, onFocused));
    expect(onFocused).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});

describe('outboxLink / outboxLinkTarget', () => {
  it('round-trips an item id, and reads only what is an Outbox link', () => {
    const id = '3f1c2a9e-8b7d-4c1e-9f00-123456789abc';
    const link = outboxLink(id);
    expect(link).toBe(`/sidepanel.html#outbox/${id}`);
    expect(outboxLinkTarget(new URL(link, 'chrome-extension://x').hash)).toEqual({ itemId: id });
    expect(outboxLinkTarget('#outbox')).toEqual({});
    expect(outboxLinkTarget('#outbox/')).toEqual({});
    expect(outboxLinkTarget('#outbox/%E0%A4%A')).toEqual({});
    expect(outboxLinkTarget('#outbox/<img src=x>')).toEqual({});
    expect(outboxLinkTarget('#timeline')).toBeUndefined();
    expect(outboxLinkTarget('')).toBeUndefined();
  });
});
