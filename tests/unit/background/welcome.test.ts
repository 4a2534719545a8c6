import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { welcomeOnInstall } from '@/entrypoints/background/welcome';

describe('the welcome page on install', () => {
  let create: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fakeBrowser.reset();
    create = vi.spyOn(browser.tabs, 'create').mockImplementation((async () => ({})) as never);
  });

  it('opens in a tab when the extension is installed', async () => {
    await welcomeOnInstall({ reason: 'install' });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ url: browser.runtime.getURL('/welcome.html') });
  });

  it('opens once: an install on a profile that kept our storage (a command-line load) does not open it again', async () => {
    await welcomeOnInstall({ reason: 'install' });
    await welcomeOnInstall({ reason: 'install' });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it.each(['update', 'chrome_update', 'browser_update', 'shared_module_update'])(
    'stays closed on %s (the user has seen it; options link to it)',
    async (reason) => {
      await welcomeOnInstall({ reason });
      expect(create).not.toHaveBeenCalled();
    },
  );
});
