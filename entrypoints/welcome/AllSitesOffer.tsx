import { useRef, useState } from 'preact/hooks';
import { StatusLine } from '@/components/common/StatusLine';
import { useSettings } from '@/entrypoints/options/use-settings';
import { t } from '@/lib/i18n';
import { ALL_SITES, usePermission } from '@/lib/ui/use-permission';

/**
 * The optional all-sites access, explained, with a button that asks for it: the very grant and
 * setting of the options' "Decorate post links on all sites" switch, so either page can turn it off.
 */
export function AllSitesOffer() {
  const { settings, save } = useSettings();
  const { granted, request } = usePermission(ALL_SITES);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();

  const on = settings?.decorateAllSites === true && granted === true;
  const allow = async () => {
    setMessage(undefined);
    setBusy(true);
    // First thing in the click: the browser shows its prompt only for a user gesture.
    const allowed = await request();
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
      <StatusLine error={message?.kind === 'error'}>{on ? t('welcomeSitesIsOn') : message?.text}</StatusLine>
    </section>
  );
}
