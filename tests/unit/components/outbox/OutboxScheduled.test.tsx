import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxEntry } from '@/components/outbox/OutboxEntry';
import type { OutboxItemView } from '@/lib/messages/fields';
import { fieldValue } from '@/lib/ui/send-at';
import { useEnglishMessages } from '../../support/locale';
import { outboxItem } from './fixtures';

const NOW = new Date(2026, 10, 29, 10, 0).getTime();
const SEND_AT = new Date(2026, 10, 29, 14, 0).getTime();

function renderEntry(item: OutboxItemView) {
  const actions = {
    onRetry: vi.fn(async () => undefined),
    onEditAndResend: vi.fn(async () => undefined),
    onDiscard: vi.fn(async () => undefined),
    onReschedule: vi.fn(async (_id: string, _sendAt: number, _body?: string) => undefined),
    onSendNow: vi.fn(async () => undefined),
  };
  render(
    <ul>
      <OutboxEntry item={item} reactionLabel={(kind) => kind} siteOrigin={null} {...actions} />
    </ul>,
  );
  return { entry: screen.getByRole('listitem'), actions };
}

describe('a scheduled write in the Outbox', () => {
  beforeEach(() => {
    useEnglishMessages();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says when it goes, and offers Edit, Send now and Cancel', async () => {
    const item = outboxItem({ kind: 'post', body: 'Later' }, { status: 'scheduled', sendAt: SEND_AT });
    const { entry, actions } = renderEntry(item);
    expect(entry.querySelector('.chip')?.textContent).toBe('Scheduled');
    expect(entry.querySelector('.outbox-detail')?.textContent).toMatch(
      /^Goes on .*2:00.*, or when you choose Send now\.$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(actions.onSendNow).toHaveBeenCalledWith(item.id));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(actions.onDiscard).toHaveBeenCalledWith(item.id));
  });

  it('Edit changes the words and the time, and refuses a time gone by', async () => {
    const item = outboxItem({ kind: 'post', body: 'Later' }, { status: 'scheduled', sendAt: SEND_AT });
    const { actions } = renderEntry(item);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const when = screen.getByLabelText('Send at') as HTMLInputElement;
    expect(when.value).toBe(fieldValue(SEND_AT));
    fireEvent.input(screen.getByRole('textbox'), { target: { value: 'Later, better' } });
    fireEvent.input(when, { target: { value: fieldValue(NOW - 60_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time still to come.');
    expect(actions.onReschedule).not.toHaveBeenCalled();
    const later = new Date(2026, 10, 30, 9, 30).getTime();
    fireEvent.input(when, { target: { value: fieldValue(later) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actions.onReschedule).toHaveBeenCalledWith(item.id, later, 'Later, better'));
  });

  it('once it went, says it was scheduled, and why it went late when it did', () => {
    const late = outboxItem(
      { kind: 'post', body: 'Went late' },
      { status: 'sent', at: SEND_AT + 32 * 60_000, id: 'p_1' },
      { scheduled: { sendAt: SEND_AT, wentAt: SEND_AT + 32 * 60_000 } },
    );
    const { entry } = renderEntry(late);
    expect(entry.querySelector('.outbox-scheduled')?.textContent).toMatch(
      /^Scheduled for .*: it went 32 min late, as the browser was closed \(or the computer asleep\) then\.$/,
    );
    cleanup();
    const onTime = outboxItem(
      { kind: 'post', body: 'On time' },
      { status: 'sent', at: SEND_AT + 2_000, id: 'p_2' },
      { scheduled: { sendAt: SEND_AT, wentAt: SEND_AT + 1_000 } },
    );
    expect(renderEntry(onTime).entry.querySelector('.outbox-scheduled')?.textContent).toMatch(/^Scheduled for .*\.$/);
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
