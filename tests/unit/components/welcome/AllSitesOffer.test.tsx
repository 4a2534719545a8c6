import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { AllSitesOffer } from '@/entrypoints/welcome/AllSitesOffer';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { useEnglishMessages } from '../../support/locale';

const send = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messages/send', () => ({ sendMessage: send }));

/** The browser's optional all-sites permission, as a test double. */
function permissions(initial: boolean, answer: boolean) {
  let granted = initial;
  const fake = <T,>(impl: (...args: never[]) => T) => impl as never;
  vi.spyOn(browser.permissions, 'contains').mockImplementation(fake(async () => granted));
  const request = vi.spyOn(browser.permissions, 'request').mockImplementation(
    fake(async () => {
      granted = answer;
      return answer;
    }),
  );
  for (const event of [browser.permissions.onAdded, browser.permissions.onRemoved]) {
    Object.assign(event, { addListener: () => undefined, removeListener: () => undefined });
  }
  return { request };
}

describe('AllSitesOffer (welcome page)', () => {
  beforeEach(() => {
    useEnglishMessages();
    send.mockReset();
    send.mockImplementation(async (name: string, change?: object) => ({
      ok: true,
      data: name === 'saveSettings' ? { ...DEFAULT_SETTINGS, ...change } : DEFAULT_SETTINGS,
    }));
  });
  afterEach(() => cleanup());

  const allow = () => screen.getByRole('button', { name: 'Allow on all sites' }) as HTMLButtonElement;

  it('explains the access, asks the browser for it from the click, then turns the bars on', async () => {
    const { request } = permissions(false, true);
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
    permissions(false, false);
    render(<AllSitesOffer />);
    await waitFor(() => expect(allow().disabled).toBe(false));
    fireEvent.click(allow());
    expect(await screen.findByText(/did not grant access to all sites/)).toBeTruthy();
    expect(send).not.toHaveBeenCalledWith('saveSettings', expect.anything());
  });

  it('already on: says so, with no button', async () => {
    permissions(true, true);
    send.mockResolvedValue({ ok: true, data: { ...DEFAULT_SETTINGS, decorateAllSites: true } });
    render(<AllSitesOffer />);
    expect(await screen.findByText(/^On: post links on all sites get the bar/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow on all sites' })).toBeNull();
  });
});
