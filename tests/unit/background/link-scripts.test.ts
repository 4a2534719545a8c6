import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LINK_SCRIPT_ID, LinkScripts } from '@/entrypoints/background/link-scripts';
import { updateSettings } from '@/lib/storage/settings';

type Script = { id: string; matches?: string[]; excludeMatches?: string[]; js?: string[] };

/** The browser's registrations, kept by fakes of `scripting.*ContentScripts`; granted origins by `permissions.contains`. */
function fakeScripting(granted: Set<string>) {
  const registered = new Map<string, Script>();
  const calls: string[] = [];
  vi.spyOn(fakeBrowser.scripting, 'getRegisteredContentScripts').mockImplementation(async (filter) =>
    [...registered.values()].filter((s) => filter?.ids?.includes(s.id) ?? true),
  );
  vi.spyOn(fakeBrowser.scripting, 'registerContentScripts').mockImplementation(async (scripts) => {
    for (const script of scripts) {
      if (registered.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
      // As the browsers answer it: the files without their leading slash.
      registered.set(script.id, { ...script, js: script.js?.map((file) => file.replace(/^\//, '')) });
      calls.push(
        `register ${script.matches?.join(' ')}${script.excludeMatches ? ` -${script.excludeMatches.join(' ')}` : ''}`,
      );
    }
  });
  vi.spyOn(fakeBrowser.scripting, 'unregisterContentScripts').mockImplementation(async (filter) => {
    for (const id of filter?.ids ?? []) registered.delete(id);
    calls.push('unregister');
  });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) =>
    origins.every((origin) => granted.has(origin) || granted.has('<all_urls>')),
  );
  return { registered, calls };
}

describe('LinkScripts.sync', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('registers nothing until a site is configured', async () => {
    const { registered } = fakeScripting(new Set(['http://127.0.0.1/*']));
    await new LinkScripts().sync();
    expect(registered.size).toBe(0);
  });

  it('follows the site, the all-sites grant and the exclusions, re-registering only on a change', async () => {
    const granted = new Set(['http://127.0.0.1/*', 'http://localhost/*']);
    const { registered, calls } = fakeScripting(granted);
    const links = new LinkScripts();

    await updateSettings({ baseUrl: 'http://127.0.0.1:8787' });
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)).toMatchObject({
      matches: ['http://127.0.0.1/*'],
      js: ['links-gated.js'],
    });
    await links.sync();
    expect(calls).toEqual(['register http://127.0.0.1/*']);

    // Turned on without the grant: still the site only.
    await updateSettings({ decorateAllSites: true });
    await links.sync();
    expect(calls).toHaveLength(1);

    granted.add('<all_urls>');
    await updateSettings({ excludedHosts: ['news.example'] });
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)).toMatchObject({
      matches: ['http://*/*', 'https://*/*'],
      excludeMatches: ['*://*.news.example/*'],
    });

    granted.delete('<all_urls>');
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)?.matches).toEqual(['http://127.0.0.1/*']);

    await updateSettings({ baseUrl: '' });
    await links.sync();
    expect(registered.size).toBe(0);
    expect(calls.at(-1)).toBe('unregister');
  });

  it('registers the gated script while every pattern starts with posts/, the plain one otherwise', async () => {
    const { registered, calls } = fakeScripting(new Set(['http://127.0.0.1/*']));
    const links = new LinkScripts();
    await updateSettings({ baseUrl: 'http://127.0.0.1:8787', linkPatterns: ['https://mirror.example/posts/{id}'] });
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)?.js).toEqual(['links-gated.js']);

    await updateSettings({ linkPatterns: ['https://mirror.example/p/{id}'] });
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)?.js).toEqual(['links.js']);
    expect(calls).toEqual(['register http://127.0.0.1/*', 'unregister', 'register http://127.0.0.1/*']);

    await updateSettings({ linkPatterns: [] });
    await links.sync();
    expect(registered.get(LINK_SCRIPT_ID)?.js).toEqual(['links-gated.js']);
  });

  it('runs one sync at a time, so concurrent changes never register twice', async () => {
    const { registered, calls } = fakeScripting(new Set(['http://127.0.0.1/*']));
    await updateSettings({ baseUrl: 'http://127.0.0.1:8787' });
    const links = new LinkScripts();
    await Promise.all([links.sync(), links.sync(), links.sync()]);
    expect(registered.size).toBe(1);
    expect(calls).toEqual(['register http://127.0.0.1/*']);
  });

  it('needs host access to the site: an API elsewhere without the grant gets no bars', async () => {
    const { registered } = fakeScripting(new Set(['http://127.0.0.1/*']));
    await updateSettings({ baseUrl: 'https://api.debate.example' });
    const links = new LinkScripts();
    await links.sync();
    expect(registered.size).toBe(0);
    expect(await links.allSitesEnabled(true)).toBe(false);
  });
});
