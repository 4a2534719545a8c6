import { cleanup, render, screen } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useCurrentPage } from '@/entrypoints/sidepanel/state/use-current-page';

function Shown() {
  const url = useCurrentPage(true);
  return <p data-testid="page">{url === undefined ? 'unknown' : String(url)}</p>;
}

type Tab = { id: number; url: string; active: boolean };

describe('useCurrentPage', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps the tab the user is on when an older read answers last', async () => {
    const answers: ((tabs: Tab[]) => void)[] = [];
    vi.spyOn(browser.tabs, 'getCurrent').mockResolvedValue({ id: 1 } as never);
    vi.spyOn(browser.windows, 'getCurrent').mockResolvedValue({ id: 7 } as never);
    vi.spyOn(browser.tabs, 'query').mockImplementation(
      () => new Promise<Tab[]>((resolve) => answers.push(resolve)) as never,
    );
    render(<Shown />);
    // The first read is asked while the panel's own tab is in front; the user then switches.
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => {
      await fakeBrowser.tabs.onActivated.trigger({ tabId: 2, windowId: 7 });
    });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const shown = () => screen.getByTestId('page').textContent;
    answers[1]?.([{ id: 2, url: 'https://example.org/article', active: true }]);
    await vi.waitFor(() => expect(shown()).toBe('https://example.org/article'));
    // The first read answers last, with the tab the user has left: it is not taken.
    answers[0]?.([{ id: 1, url: 'chrome-extension://x/sidepanel.html', active: true }]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(shown()).toBe('https://example.org/article');
  });
});
