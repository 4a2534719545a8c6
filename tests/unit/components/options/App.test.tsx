import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { App } from '@/entrypoints/options/App';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { accountView } from '../../options/backup/fixtures';
import { push, resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { fakePermissions } from '../../support/permissions';
import { status } from '../outbox/fixtures';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));

describe('options page: the exports wait for the accounts', () => {
  beforeEach(() => {
    useEnglishMessages();
    resetFakeStore();
    vi.spyOn(browser.commands, 'getAll').mockImplementation((async () => []) as never);
    fakePermissions(false, true);
    send.mockReset();
    send.mockImplementation(async (name: string) =>
      name === 'getSettings' ? { ok: true, data: DEFAULT_SETTINGS } : { ok: true, data: null },
    );
  });
  afterEach(() => cleanup());

  it('settings known before the status: no export can be made yet; the status shows them', async () => {
    render(<App />);
    // The page's own read answered first; the port's first push (with the accounts) has not come.
    expect(await screen.findByRole('heading', { name: 'Reaction buttons' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export history as CSV' })).toBeNull();

    act(() => push({ status: status({ accounts: [accountView({ reserve: 3 })] }) }));
    expect(await screen.findByRole('button', { name: 'Export settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export history as CSV' })).toBeTruthy();
  });
});
