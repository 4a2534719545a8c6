import { browser } from 'wxt/browser';
import { isPlatformHost } from '@/lib/base-url';
import { normalizeHostEntry } from '@/lib/links/hosts';
import { chosenSitePattern } from '@/lib/links/registration';
import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import type { HandlerDeps } from './handler-deps';

/**
 * "Only on sites I choose": the popup's switch puts the site in front of the user on the list (its
 * access asked for from the click, in the popup) or takes it off, gives its access back and takes
 * its bars away at once. The list is a setting: its change reaches open pages as one push.
 */
export function siteHandlers({ links }: Pick<HandlerDeps, 'links'>): Pick<Handlers, 'chooseSite'> {
  return {
    chooseSite: async ({ hostname, chosen }) => {
      const host = normalizeHostEntry(hostname);
      if (host === undefined || host !== hostname) throw new MessageError('invalid', 'Not a site’s name.');
      const pattern = chosenSitePattern(host);
      const { chosenSites, baseUrl } = await readSettings();
      if (chosen) {
        const granted = await browser.permissions.contains({ origins: [pattern] }).catch(() => false);
        if (!granted) throw new MessageError('not_allowed', 'The browser has not given access to this site.');
        const next = chosenSites.includes(host) ? chosenSites : [...chosenSites, host];
        await updateSettings({ chosenSites: next });
        await links.sync();
        return next;
      }
      const next = chosenSites.filter((entry) => entry !== host);
      await updateSettings({ chosenSites: next });
      // Its bars go first (the script is stopped where it ran, which needs the access still held).
      await links.sync();
      if (!isPlatformHost(baseUrl, host)) await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
      return next;
    },
  };
}
