import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { SaveSettings } from './use-settings';

/** The optional permission behind notifications. */
const NOTIFICATIONS = { permissions: ['notifications' as const] };

/**
 * "Notify me about my writes": off by default; turning it on asks the browser for the
 * `notifications` permission from the click itself (a request needs a user gesture); turning it off
 * gives the permission back.
 */
export function NotificationsCard({ notify, save }: { notify: boolean; save: SaveSettings }) {
  const [granted, setGranted] = useState<boolean>();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const refresh = () => void browser.permissions.contains(NOTIFICATIONS).then(setGranted, () => setGranted(false));
    refresh();
    // The user may also grant or take it back in the browser's own settings.
    browser.permissions.onAdded?.addListener(refresh);
    browser.permissions.onRemoved?.addListener(refresh);
    return () => {
      browser.permissions.onAdded?.removeListener(refresh);
      browser.permissions.onRemoved?.removeListener(refresh);
    };
  }, []);

  const toggle = async (event: Event) => {
    const wanted = (event.currentTarget as HTMLInputElement).checked;
    setMessage(undefined);
    setBusy(true);
    if (wanted) {
      // First thing in the click: the browser asks only during a user gesture.
      const allowed = await browser.permissions.request(NOTIFICATIONS).catch(() => false);
      setGranted(allowed);
      if (!allowed) {
        setBusy(false);
        setMessage({ kind: 'error', text: t('optionsNotifyRefused') });
        return;
      }
    }
    const failure = await save({ notify: wanted });
    if (!wanted && failure === undefined) {
      const removed = await browser.permissions.remove(NOTIFICATIONS).catch(() => false);
      if (removed) setGranted(false);
    }
    setBusy(false);
    setMessage(
      failure === undefined
        ? { kind: 'ok', text: wanted ? t('optionsNotifyOn') : t('optionsNotifyOff') }
        : { kind: 'error', text: t('optionsNotSaved', failure) },
    );
  };

  return (
    <section class="card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t('optionsNotifyTitle')}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={notify && granted === true}
          disabled={busy || granted === undefined}
          aria-describedby="notify-hint"
          onChange={toggle}
        />
        {t('optionsNotify')}
      </label>
      <p id="notify-hint" class="hint">
        {notify && granted === false ? t('optionsNotifyRevoked') : t('optionsNotifyHint')}
      </p>
      <p role="status" class={message?.kind === 'error' ? 'feedback save-state error' : 'feedback save-state'}>
        {message?.text}
      </p>
    </section>
  );
}
