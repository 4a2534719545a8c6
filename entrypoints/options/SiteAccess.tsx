import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { checkExcludedHosts } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { LineListField } from './LineListField';
import type { SaveSettings } from './use-settings';

/** The optional permission behind "Decorate post links on all sites". */
const ALL_SITES = { origins: ['<all_urls>'] };

/**
 * "Decorate post links on all sites": asks the browser for all-sites access from the click that
 * turns it on (a permission request needs a user gesture), gives it back when turned off. And the
 * hosts never decorated.
 */
export function SiteAccess({
  decorateAllSites,
  excludedHosts,
  save,
}: {
  decorateAllSites: boolean;
  excludedHosts: string[];
  save: SaveSettings;
}) {
  const [granted, setGranted] = useState<boolean>();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const refresh = () => void browser.permissions.contains(ALL_SITES).then(setGranted, () => setGranted(false));
    refresh();
    // The user may also grant or remove it in the browser's own settings.
    browser.permissions.onAdded?.addListener(refresh);
    browser.permissions.onRemoved?.addListener(refresh);
    return () => {
      browser.permissions.onAdded?.removeListener(refresh);
      browser.permissions.onRemoved?.removeListener(refresh);
    };
  }, []);

  const on = decorateAllSites && granted === true;
  const toggle = async (event: Event) => {
    const wanted = (event.currentTarget as HTMLInputElement).checked;
    setMessage(undefined);
    setBusy(true);
    if (wanted) {
      // First thing in the click: the browser shows its prompt only for a user gesture.
      const allowed = await browser.permissions.request(ALL_SITES).catch(() => false);
      setGranted(allowed);
      if (!allowed) {
        setBusy(false);
        setMessage({ kind: 'error', text: t('optionsAllSitesRefused') });
        return;
      }
    }
    const failure = await save({ decorateAllSites: wanted });
    if (!wanted && failure === undefined) {
      // Least privilege: give the access back. Only this exact grant goes; the API's origin stays.
      const removed = await browser.permissions.remove(ALL_SITES).catch(() => false);
      if (removed) setGranted(false);
    }
    setBusy(false);
    setMessage(
      failure === undefined
        ? { kind: 'ok', text: wanted ? t('optionsAllSitesOn') : t('optionsAllSitesOff') }
        : { kind: 'error', text: t('optionsNotSaved', failure) },
    );
  };

  return (
    <section class="card" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('optionsSitesTitle')}</h2>
      <p class="hint">{t('optionsSitesHint')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={on}
          disabled={busy || granted === undefined}
          aria-describedby="all-sites-hint"
          onChange={toggle}
        />
        {t('optionsAllSites')}
      </label>
      <p id="all-sites-hint" class="hint">
        {decorateAllSites && granted === false ? t('optionsAllSitesRevoked') : t('optionsAllSitesHint')}
      </p>
      <p role="status" class={message?.kind === 'error' ? 'feedback save-state error' : 'feedback save-state'}>
        {message?.text}
      </p>
      <LineListField
        id="excluded-hosts"
        label={t('optionsExcludedLabel')}
        hint={t('optionsExcludedHint')}
        placeholder="news.example.com"
        saved={excludedHosts}
        check={checkExcludedHosts}
        save={(hosts) => save({ excludedHosts: hosts })}
      />
    </section>
  );
}
