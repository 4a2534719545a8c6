import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import type { MessageName } from '@/lib/messages/protocol';
import { quickPostDraftItem } from '@/lib/storage/quick-post-draft';
import type { Status } from '@/lib/ui/page-store';
import { useEnglishMessages } from '../../support/locale';
import { status } from '../outbox/fixtures';
import { accountView } from '../welcome/fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

const port = vi.hoisted(() => ({ status: undefined as unknown }));
// No settings: the "This site" section waits for them (its own flow is chosen-sites.spec.ts).
vi.mock('@/lib/ui/page-store', () => ({ useStatus: () => port.status, useSettings: () => undefined }));

const openSidePanelHere = vi.hoisted(() => vi.fn(async () => true));
vi.mock('@/lib/browser/side-panel', () => ({ openSidePanelHere }));

function background(overrides: Partial<Record<MessageName, (payload: unknown) => unknown>> = {}) {
  send.mockImplementation(async (name: MessageName, payload?: unknown) => {
    const override = overrides[name];
    if (override) return override(payload);
    if (name === 'enqueueWrite') return { ok: true, data: { id: 'o1' } };
    return { ok: true, data: null };
  });
}

const ok = {
  outcome: 'ok' as const,
  at: 1,
  account: { id: 'acc_1', handle: 'demo', displayName: 'Dana Demo' },
  scopes: ['posts:read', 'posts:write', 'reactions:write'],
};
/** The default account as the status names it (lib/account-name.ts). */
const dana = accountView({ name: 'Dana Demo (@demo)', check: ok });

const show = (value: Status) => {
  port.status = value;
  return render(<App />);
};

describe('popup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    send.mockReset();
    openSidePanelHere.mockClear();
    background();
  });
  afterEach(() => {
    cleanup();
  });

  it('shows the account the key acts for and the key ending', () => {
    show(status({ accounts: [dana] }));
    expect(screen.getByText(/Signed in as Dana Demo \(@demo\)/)).toBeTruthy();
    expect(screen.getByText('Key ending in abcd')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open options' })).toBeNull();
    // The account is known: no extra key check.
    expect(send).not.toHaveBeenCalledWith('checkKey');
  });

  it("names the account by the user's label when it has one, as every other page does", () => {
    show(status({ accounts: [{ ...dana, label: 'Work' }] }));
    expect(screen.getByText('Signed in as Work')).toBeTruthy();
  });

  it('says only that the key works when neither the user nor the platform named the account', () => {
    const unnamed = { ...dana, check: { ...ok, account: {} } };
    show(status({ account: {}, accounts: [unnamed] }));
    expect(screen.getByText('The key works.')).toBeTruthy();
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });

  it('says what is wrong when no key is set, links to the options and does not offer to post', () => {
    show(status({ key: { set: false, last4: null }, account: null, scopes: null }));
    expect(screen.getByText('No API key is set yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open options' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Set up the platform and key in the options first.')).toBeTruthy();
  });

  it('opens the options page from the link', () => {
    const open = vi.spyOn(browser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    show(status({ baseUrl: '' }));
    expect(screen.getByText("The platform's address is not set yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Open options' }));
    expect(open).toHaveBeenCalled();
  });

  it('checks a key whose account is not known yet, and says when it is not accepted', async () => {
    background({
      checkKey: () => ({ ok: false, error: { code: 'unauthorized', message: 'x' } }),
    });
    show(status({ account: null, scopes: null }));
    expect(await screen.findByText('The key was not accepted. Check it on the options page.')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('checkKey');
    expect(screen.getByRole('link', { name: 'Open options' })).toBeTruthy();
  });

  it("shows a disabled key's reason", () => {
    show(
      status({
        pause: { rateLimitedUntil: null, disabled: { reason: 'Abuse report', nextProbeAt: 0 }, offlineUntil: null },
      }),
    );
    expect(screen.getByText('The platform has disabled the key: Abuse report')).toBeTruthy();
  });

  it('names the features a missing scope turns off', () => {
    show(status({ scopes: ['posts:read', 'posts:write'] }));
    expect(screen.getByText('This key cannot react (it lacks reactions:write).')).toBeTruthy();
  });

  it('queues a quick post with the Post button, clears the box and says so', async () => {
    show(status());
    const box = screen.getByRole('textbox', { name: 'Quick post' }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: '  Buses every 10 minutes on Line 4  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('enqueueWrite', { kind: 'post', body: 'Buses every 10 minutes on Line 4' }),
    );
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.getByText(/^Queued:/)).toBeTruthy();
    expect(await quickPostDraftItem.getValue()).toBe('');
  });

  it('posts with Ctrl+Enter and with Cmd+Enter', async () => {
    show(status());
    const box = screen.getByRole('textbox', { name: 'Quick post' });
    fireEvent.input(box, { target: { value: 'First' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(send).toHaveBeenCalledWith('enqueueWrite', { kind: 'post', body: 'First' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    fireEvent.input(box, { target: { value: 'Second' } });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(send).toHaveBeenCalledWith('enqueueWrite', { kind: 'post', body: 'Second' }));
    // The post ends by clearing the stored draft and the box: let it end inside the test.
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('refuses an empty post without sending it', async () => {
    show(status());
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Write something first.')).toBeTruthy();
    expect(send).not.toHaveBeenCalledWith('enqueueWrite', expect.anything());
  });

  it('keeps the text when queueing fails, and says why', async () => {
    background({ enqueueWrite: () => ({ ok: false, error: { code: 'unavailable', message: 'x' } }) });
    show(status());
    const box = screen.getByRole('textbox', { name: 'Quick post' }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('The extension is starting. Try again in a moment.')).toBeTruthy();
    expect(box.value).toBe('Keep me');
  });

  it('keeps an unsent quick post as a draft for the next time it opens', async () => {
    show(status());
    fireEvent.input(screen.getByRole('textbox', { name: 'Quick post' }), { target: { value: 'Half-written' } });
    await waitFor(async () => expect(await quickPostDraftItem.getValue()).toBe('Half-written'));
    cleanup();
    show(status());
    const box = screen.getByRole('textbox', { name: 'Quick post' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Half-written'));
  });

  it('shows the Outbox count with its worst state', () => {
    show(
      status({
        outbox: {
          counts: { queued: 2, sending: 0, sent: 4, waiting: 1, failed: 1, uncertain: 0, scheduled: 0 },
          pending: 3,
          worst: 'failed',
        },
      }),
    );
    expect(screen.getByText('3 to send')).toBeTruthy();
    expect(screen.getByText('1 failed')).toBeTruthy();
    expect(screen.queryByText(/uncertain/)).toBeNull();
  });

  it('shows both states that need the user', () => {
    show(
      status({
        outbox: {
          counts: { queued: 0, sending: 0, sent: 0, waiting: 0, failed: 2, uncertain: 1, scheduled: 0 },
          pending: 0,
          worst: 'failed',
        },
      }),
    );
    expect(screen.getByText('2 failed')).toBeTruthy();
    expect(screen.getByText('1 uncertain')).toBeTruthy();
  });

  it('says when nothing is waiting', () => {
    show(
      status({
        outbox: {
          counts: { queued: 0, sending: 0, sent: 2, waiting: 0, failed: 0, uncertain: 0, scheduled: 0 },
          pending: 0,
          worst: 'sent',
        },
      }),
    );
    expect(screen.getByText('nothing waiting')).toBeTruthy();
    expect(screen.getByText('all sent')).toBeTruthy();
  });

  it('shows the rate-limit countdown', () => {
    show(status({ pause: { rateLimitedUntil: Date.now() + 42_000, disabled: null, offlineUntil: null } }));
    expect(screen.getAllByRole('status')[0]?.textContent).toMatch(/Writes resume in 0:4[12]/);
  });

  it('opens the side panel of its window within the click, asking nothing first', () => {
    const current = vi.spyOn(browser.windows, 'getCurrent');
    show(status());
    fireEvent.click(screen.getByRole('button', { name: 'Open side panel' }));
    expect(openSidePanelHere).toHaveBeenCalledTimes(1);
    expect(current).not.toHaveBeenCalled();
  });

  it('says so when the browser refuses to open the side panel', async () => {
    openSidePanelHere.mockResolvedValueOnce(false);
    show(status());
    fireEvent.click(screen.getByRole('button', { name: 'Open side panel' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not open the side panel/);
  });
});
