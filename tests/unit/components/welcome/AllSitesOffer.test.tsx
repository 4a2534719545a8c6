import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AllSitesOffer } from '@/entrypoints/welcome/AllSitesOffer';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { resetFakeStore } from '../../support/fake-page-store';
import { useEnglishMessages } from '../../support/locale';
import { fakePermissions } from '../../support/permissions';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));
vi.mock('@/lib/ui/page-store', async () => (await import('../../support/fake-page-store')).fakePageStoreModule(send));

describe('AllSitesOffer (welcome page)', () => {
  beforeEach(() => {
    useEnglishMessages();
    send.mockReset();
    resetFakeStore();
    send.mockImplementation(async (name: string, change?: object) => ({
      ok: true,
      data: name === 'saveSettings' ? { ...DEFAULT_SETTINGS, ...change } : DEFAULT_SETTINGS,
    }));
  });
  afterEach(() => cleanup());

  const allow = () => screen.getByRole('button', { name: 'Allow on all sites' }) as HTMLButtonElement;

  it('explains the access, asks the browser for it from the click, then turns the bars on', async () => {
    const { request } = fakePermissions(false, true);
    render(<AllSitesOffer />);
    expect(screen.getByText(/addresses of the pages you visit are never sent anywhere/)).toBeTruthy();
    await waitFor(() => expect(allow().disabled).toBe(false));
    fireEvent.click(allow());
    await waitFor(() => expect(send).toHaveBeenCalledWith('saveSettings', { decorateAllSites: true }));
    expect(request).toHaveBeenCalledWith({ origins: ['<all_urls>'] });
    expect(await screen.findByText(/^On: post links on all sites get the bar/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow on all sites' })).toBeNull();
  });

  it('refused by the browser: says so and saves nothing', async () => {
    fakePermissions(false, false);
    render(<AllSitesOffer />);
    await waitFor(() => expect(allow().disabled).toBe(false));
    fireEvent.click(allow());
    expect(await screen.findByText(/did not grant access to all sites/)).toBeTruthy();
    expect(send).not.toHaveBeenCalledWith('saveSettings', expect.anything());
  });

  it('already on: says so, with no button', async () => {
    fakePermissions(true, true);
    send.mockResolvedValue({ ok: true, data: { ...DEFAULT_SETTINGS, decorateAllSites: true } });
    render(<AllSitesOffer />);
    expect(await screen.findByText(/^On: post links on all sites get the bar/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow on all sites' })).toBeNull();
  });
});
