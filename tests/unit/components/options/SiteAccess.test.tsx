import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkPatterns } from '@/entrypoints/options/LinkPatterns';
import { SiteAccess } from '@/entrypoints/options/SiteAccess';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { useEnglishMessages } from '../../support/locale';
import { fakePermissions } from '../../support/permissions';

type Save = (change: SettingsChange) => Promise<string | undefined>;

describe('SiteAccess', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
  });
  afterEach(() => cleanup());

  const toggle = () => screen.getByRole('checkbox', { name: 'Decorate post links on all sites' }) as HTMLInputElement;

  it('asks the browser for all-sites access when turned on, then saves the setting', async () => {
    const { request } = fakePermissions(false, true);
    render(<SiteAccess decorateAllSites={false} excludedHosts={[]} chosenSites={[]} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    expect(toggle().checked).toBe(false);
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ decorateAllSites: true }));
    expect(request).toHaveBeenCalledWith({ origins: ['<all_urls>'] });
    expect(await screen.findByText('Post links on all sites get the bar.')).toBeTruthy();
  });

  it('stays off and says so when the browser refuses', async () => {
    fakePermissions(false, false);
    render(<SiteAccess decorateAllSites={false} excludedHosts={[]} chosenSites={[]} save={save} />);
    await waitFor(() => expect(toggle().disabled).toBe(false));
    fireEvent.click(toggle());
    expect(await screen.findByText(/did not grant access to all sites/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(toggle().checked).toBe(false);
  });

  it('turned off: saves the setting and gives the access back', async () => {
    const { remove } = fakePermissions(true, true);
    render(<SiteAccess decorateAllSites={true} excludedHosts={[]} chosenSites={[]} save={save} />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ decorateAllSites: false }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['<all_urls>'] }));
  });

  it('shows the setting as off, and why, when the access was removed in the browser', async () => {
    fakePermissions(false, true);
    render(<SiteAccess decorateAllSites={true} excludedHosts={[]} chosenSites={[]} save={save} />);
    expect(await screen.findByText(/Access to all sites was removed in the browser/)).toBeTruthy();
    expect(toggle().checked).toBe(false);
  });

  it('saves excluded sites normalized, one per line, and marks a line that is not a site', async () => {
    fakePermissions(false, true);
    render(<SiteAccess decorateAllSites={false} excludedHosts={['old.example']} chosenSites={[]} save={save} />);
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
