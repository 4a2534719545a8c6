import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { RateLimitBanner } from '@/components/outbox/RateLimitBanner';
import { openSidePanelHere } from '@/lib/browser/side-panel';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { useStatus } from '@/lib/ui/page-store';
import { type KeyCheck, KeyStatus } from './KeyStatus';
import { OutboxCount } from './OutboxCount';
import { QuickPost } from './QuickPost';
import { SiteSwitch } from './SiteSwitch';
import './popup.css';

/** True when this page is the toolbar popup (not the same page opened in a tab, as tests do). */
function isToolbarPopup(): boolean {
  try {
    return browser.extension.getViews({ type: 'popup' }).includes(window);
  } catch {
    return false;
  }
}

/** The toolbar popup: key status, pause banner, quick post, the Outbox at a glance, open the side panel. */
export function App() {
  const status = useStatus();
  const [check, setCheck] = useState<KeyCheck>({ state: 'idle' });
  const [openFailed, setOpenFailed] = useState(false);
  const checked = useRef(false);

  // A key whose account is not known yet is checked once, so the popup can say who it acts for.
  useEffect(() => {
    if (checked.current || status === undefined || !status.key.set || status.baseUrl === '') return;
    if (status.account !== null) return;
    checked.current = true;
    setCheck({ state: 'checking' });
    void sendMessage('checkKey').then((reply) =>
      setCheck(reply.ok ? { state: 'idle' } : { state: 'failed', text: errorText(reply.error) }),
    );
  }, [status]);

  const openPanel = () => {
    setOpenFailed(false);
    void openSidePanelHere().then((opened) => {
      if (!opened) setOpenFailed(true);
      else if (isToolbarPopup()) window.close();
    });
  };

  const ready = status?.key.set === true && status.baseUrl !== '';
  return (
    <main class="popup">
      <h1>{t('extName')}</h1>
      <KeyStatus status={status} check={check} />
      <RateLimitBanner status={status} />
      <QuickPost ready={ready} status={status} />
      <section class="popup-outbox" aria-labelledby="popup-outbox-title">
        <h2 id="popup-outbox-title">{t('popupOutboxTitle')}</h2>
        <OutboxCount outbox={status?.outbox} />
      </section>
      <SiteSwitch />
      <button type="button" class="open-panel" onClick={openPanel}>
        {t('popupOpenSidePanel')}
      </button>
      {openFailed && (
        <p class="feedback error" role="alert">
          {t('popupOpenFailed')}
        </p>
      )}
    </main>
  );
}
