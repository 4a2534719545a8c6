import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { useSettings } from '@/entrypoints/options/use-settings';
import { t } from '@/lib/i18n';

/**
 * The optional permission behind inline bars on all sites: the very grant the options' switch asks
 * for and gives back (SiteAccess.tsx), so either page can turn it off. Kept here rather than imported,
 * so this page does not load the options' form checks (and their zod) with its first paint.
 */
const ALL_SITES = { origins: ['<all_urls>'] };

/**
 * The optional all-sites access, explained, with a button that asks for it: the same request and
 * setting as the options' "Decorate post links on all sites" switch (turned off there).
 */
export function AllSitesOffer() {
  const { settings, save } = useSettings();
  const [granted, setGranted] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();

  useEffect(() => {
    const refresh = () => void browser.permissions.contains(ALL_SITES).then(setGranted, () => setGranted(false));
    refresh();
    browser.permissions.onAdded?.addListener(refresh);
    browser.permissions.onRemoved?.addListener(refresh);
    return () => {
      browser.permissions.onAdded?.removeListener(refresh);
      browser.permissions.onRemoved?.removeListener(refresh);
    };
  }, []);

  const on = settings?.decorateAllSites === true && granted === true;
  const allow = async () => {
    setMessage(undefined);
    setBusy(true);
    // First thing in the click: the browser shows its prompt only for a user gesture.
    const allowed = await browser.permissions.request(ALL_SITES).catch(() => false);
    setGranted(allowed);
    const failure = allowed ? await save({ decorateAllSites: true }) : undefined;
    setBusy(false);
    if (!allowed) setMessage({ kind: 'error', text: t('optionsAllSitesRefused') });
    else if (failure !== undefined) setMessage({ kind: 'error', text: t('optionsNotSaved', failure) });
    // The button is gone once it is on: focus goes to the card's heading, the live line says so.
    else heading.current?.focus();
  };

  return (
    <section class="card" aria-labelledby="sites-title">
      <h2 id="sites-title" ref={heading} tabIndex={-1}>
        {t('welcomeSitesTitle')}
      </h2>
      <p>{t('welcomeSitesText')}</p>
      {!on && (
        <div class="actions">
          <button type="button" disabled={busy || settings === undefined || granted === undefined} onClick={allow}>
            {t('welcomeSitesAllow')}
          </button>
        </div>
      )}
      <p role="status" class={message?.kind === 'error' ? 'feedback error' : 'feedback'}>
        {on ? t('welcomeSitesIsOn') : message?.text}
      </p>
    </section>
  );
}
