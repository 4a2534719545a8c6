import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { LinkPatterns } from '@/entrypoints/options/LinkPatterns';
import { SiteAccess } from '@/entrypoints/options/SiteAccess';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages } from '../../support/locale';

type Save = (change: SettingsChange) => Promise<string | undefined>;

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
  const remove = vi.spyOn(browser.permissions, 'remove').mockImplementation(
    fake(async () => {
      granted = false;
      return true;
    }),
  );
  // Plain replacements, not spies: unmounting after the mocks are restored still removes listeners.
  for (const event of [browser.permissions.onAdded, browser.permissions.onRemoved]) {
    Object.assign(event, { addListener: () => undefined, removeListener: () => undefined });
  }
  return { request, remove };
}

describe('SiteAccess', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const toggle = () => screen.getByRole('checkbox', { name: 'Decorate post links on all sites' }) as HTMLInputElement;

  it('asks the browser for all-sites access when turned on, then saves the setting', async () => {
    const { request } = permissions(false, true);
    render(<SiteAccess decorateAllSites={false} excludedHosts={[]} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ decorateAllSites: true }));
    expect(request).toHaveBeenCalledWith({ origins: ['<all_urls>'] });
    expect(await screen.findByText('Post links on all sites get the bar.')).toBeTruthy();
  });

  it('stays off and says so when the browser refuses', async () => {
    permissions(false, false);
    render(<SiteAccess decorateAllSites={false} excludedHosts={[]} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/did not grant access to all sites/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(toggle().checked).toBe(false);
  });

  it('turned off: saves the setting and gives the access back', async () => {
    const { remove } = permissions(true, true);
    render(<SiteAccess decorateAllSites={true} excludedHosts={[]} save={save} />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ decorateAllSites: false }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['<all_urls>'] }));
  });

  it('shows the setting as off, and why, when the access was removed in the browser', async () => {
    permissions(false, true);
    render(<SiteAccess decorateAllSites={true} excludedHosts={[]} save={save} />);
    expect(await screen.findByText(/Access to all sites was removed in the browser/)).toBeTruthy();
    expect(toggle().checked).toBe(false);
  });

  it('saves excluded sites normalized, one per line, and marks a line that is not a site', async () => {
    permissions(false, true);
    render(<SiteAccess decorateAllSites={false} excludedHosts={['old.example']} save={save} />);
    const box = screen.getByRole('textbox', { name: 'Sites never decorated' }) as HTMLTextAreaElement;
    expect(box.value).toBe('old.example');
    fireEvent.input(box, { target: { value: 'old.example\nhttp:// bad host\n' } });
    expect(await screen.findByText(/http:\/\/ bad host — not a site name/)).toBeTruthy();
    fireEvent.input(box, { target: { value: 'old.example\nhttps://News.Example.com/today\n*.blog.example' } });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ excludedHosts: ['old.example', 'news.example.com', 'blog.example'] }),
    );
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('LinkPatterns', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  it('explains a pattern that cannot work and saves the ones that can', async () => {
    const save = vi.fn<Save>(async () => undefined);
    render(<LinkPatterns patterns={[]} save={save} />);
    const box = screen.getByRole('textbox', { name: 'Post-link patterns' });
    fireEvent.input(box, { target: { value: 'https://debate.example/p/' } });
    expect(await screen.findByText(/put \{id\} where the post id goes/)).toBeTruthy();
    fireEvent.input(box, { target: { value: 'https://{id}.debate.example/' } });
    expect(await screen.findByText(/must be in the path/)).toBeTruthy();
    fireEvent.input(box, {
      target: { value: '  https://debate.example/p/{id}  \n\nhttps://m.debate.example/posts/{id}' },
    });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        linkPatterns: ['https://debate.example/p/{id}', 'https://m.debate.example/posts/{id}'],
      }),
    );
  });
});
