import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { siteHandlers } from '@/entrypoints/background/site-handlers';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { noLinks } from '../support/links';

const fromOptions = {
  sender: { kind: 'extension', url: 'chrome-extension://x/options.html', tabId: undefined },
} as never;

function setup(granted: Set<string>) {
  const fake = <T>(impl: (...args: never[]) => T) => impl as never;
  vi.spyOn(browser.permissions, 'contains').mockImplementation(
    fake(async ({ origins = [] }: { origins?: string[] }) => origins.every((origin) => granted.has(origin))),
  );
  const remove = vi.spyOn(browser.permissions, 'remove').mockImplementation(
    fake(async ({ origins = [] }: { origins?: string[] }) => {
      for (const origin of origins) granted.delete(origin);
      return true;
    }),
  );
  const sync = vi.fn(async () => undefined);
  const links = { ...noLinks(), sync };
  return { handlers: siteHandlers({ links }), sync, remove };
}

describe('sites chosen one by one', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await updateSettings({ baseUrl: 'https://debate.example' });
  });

  it('adds a site only once the browser gave its access, and the registration follows', async () => {
    const granted = new Set<string>();
    const { handlers, sync } = setup(granted);
    await expect(handlers.chooseSite({ hostname: 'news.example', chosen: true }, fromOptions)).rejects.toMatchObject({
      code: 'not_allowed',
    });
    expect((await readSettings()).chosenSites).toEqual([]);
    granted.add('*://news.example/*');
    expect(await handlers.chooseSite({ hostname: 'news.example', chosen: true }, fromOptions)).toEqual([
      'news.example',
    ]);
    expect(await handlers.chooseSite({ hostname: 'news.example', chosen: true }, fromOptions)).toEqual([
      'news.example',
    ]);
    expect(sync).toHaveBeenCalled();
  });

  it('takes one off: bars stopped first, then its access given back (never the platform’s own site’s)', async () => {
    const granted = new Set(['*://news.example/*', '*://debate.example/*']);
    const { handlers, sync, remove } = setup(granted);
    await updateSettings({ chosenSites: ['news.example', 'debate.example'] });
    expect(await handlers.chooseSite({ hostname: 'news.example', chosen: false }, fromOptions)).toEqual([
      'debate.example',
    ]);
    expect(sync.mock.invocationCallOrder[0]).toBeLessThan(remove.mock.invocationCallOrder[0] ?? 0);
    expect(granted.has('*://news.example/*')).toBe(false);
    await handlers.chooseSite({ hostname: 'debate.example', chosen: false }, fromOptions);
    expect(granted.has('*://debate.example/*')).toBe(true);
  });

  it('refuses what is not a hostname as the browser writes it (a pattern, a path, upper case)', async () => {
    const { handlers } = setup(new Set(['<all_urls>']));
    for (const hostname of ['*.example.com', 'news.example/x', 'News.example', 'https://news.example'])
      await expect(handlers.chooseSite({ hostname, chosen: true }, fromOptions)).rejects.toMatchObject({
        code: 'invalid',
      });
  });
});
