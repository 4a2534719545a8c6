import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { StatusLine } from '@/components/common/StatusLine';
import { isPlatformHost } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { isExcludedHost } from '@/lib/links/hosts';
import { chosenSitePattern } from '@/lib/links/registration';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { useSettings } from '@/lib/ui/page-store';

/** The site of the tab the popup was opened over, when the browser lets the popup see it (http(s) only). */
function useCurrentSite(): string | undefined {
  const [host, setHost] = useState<string>();
  useEffect(() => {
    void browser.tabs
      .query({ active: true, currentWindow: true })
      .then(([tab]) => {
        const url = tab?.url === undefined ? undefined : new URL(tab.url);
        if (url?.protocol === 'http:' || url?.protocol === 'https:') setHost(url.hostname);
      })
      .catch(() => undefined);
  }, []);
  return host;
}

/**
 * "This site": the switch for bars on the site in front of the user, as content blockers have it.
 * On: the browser is asked for that site's access from the click itself (a prompt needs the
 * gesture), then the background puts it on the list; its bars appear without a reload. Off: off
 * the list, bars gone at once, access given back. The platform's site, all sites and an excluded
 * site say so instead.
 */
export function SiteSwitch() {
  const settings = useSettings();
  const host = useCurrentSite();
  const [granted, setGranted] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (host === undefined) return;
    void browser.permissions.contains({ origins: [chosenSitePattern(host)] }).then(setGranted, () => setGranted(false));
  }, [host, settings?.chosenSites]);
  if (host === undefined || settings === undefined) return null;

  const note = isPlatformHost(settings.baseUrl, host)
    ? t('popupSitePlatform', host)
    : isExcludedHost(host, settings.excludedHosts)
      ? t('popupSiteExcluded', host)
      : settings.decorateAllSites
        ? t('popupSiteAllSites')
        : undefined;
  const chosen = settings.chosenSites.includes(host) && granted === true;
  const choose = (on: boolean) => {
    setError(undefined);
    setBusy(true);
    // Asked first thing in the click (the browser prompts only from a user's gesture), unless held already.
    const access =
      on && granted !== true
        ? browser.permissions.request({ origins: [chosenSitePattern(host)] })
        : Promise.resolve(true);
    void access
      .then(async (given) => {
        if (!given) return setError(t('popupSiteRefused', host));
        const reply = await sendMessage('chooseSite', { hostname: host, chosen: on });
        if (!reply.ok) setError(errorText(reply.error));
      })
      .catch(() => setError(t('popupSiteRefused', host)))
      .finally(() => setBusy(false));
  };
  return (
    <section class="popup-site" aria-labelledby="popup-site-title">
      <h2 id="popup-site-title">{t('popupSiteTitle')}</h2>
      {note !== undefined ? (
        <p class="hint">{note}</p>
      ) : (
        <>
          <label class="check">
            <input
              type="checkbox"
              checked={chosen}
              disabled={busy || granted === undefined}
              aria-describedby="popup-site-hint"
              onChange={(event) => choose(event.currentTarget.checked)}
            />{' '}
            {t('popupSiteLabel', host)}
          </label>
          <p id="popup-site-hint" class="hint">
            {t('popupSiteHint')}
          </p>
        </>
      )}
      <StatusLine error>{error}</StatusLine>
    </section>
  );
}
