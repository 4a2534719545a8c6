import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { openSidePanelHere } from '@/lib/browser/side-panel';

describe('openSidePanelHere', () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens the panel in the asking page's own window, named by the browser's constant, in the same task", () => {
    const open = vi.spyOn(browser.sidePanel, 'open').mockResolvedValue(undefined);
    const current = vi.spyOn(browser.windows, 'getCurrent');
    void openSidePanelHere();
    // Called before any await: a click's gesture holds only within its own task.
    expect(open).toHaveBeenCalledWith({ windowId: browser.windows.WINDOW_ID_CURRENT });
    expect(current).not.toHaveBeenCalled();
  });

  it('answers false when the browser refuses', async () => {
    vi.spyOn(browser.sidePanel, 'open').mockRejectedValue(
      new Error('may only be called in response to a user gesture'),
    );
    expect(await openSidePanelHere()).toBe(false);
  });
});
