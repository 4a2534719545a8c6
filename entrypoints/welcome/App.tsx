import { ShortcutHint } from '@/entrypoints/options/ShortcutHint';
import { t } from '@/lib/i18n';
import { useStatus } from '@/lib/ui/page-store';
import { AllSitesOffer } from './AllSitesOffer';
import { ConnectCard } from './ConnectCard';
import { openOptions } from './open-options';
import './welcome.css';

/** What the extension does, in four lines (each a feature a user will meet). */
function WhatItDoes() {
  return (
    <section class="card" aria-labelledby="what-title">
      <h2 id="what-title">{t('welcomeWhatTitle')}</h2>
      <ul class="features">
        <li>{t('welcomeWhatTimeline')}</li>
        <li>{t('welcomeWhatWrite')}</li>
        <li>{t('welcomeWhatOutbox')}</li>
        <li>{t('welcomeWhatAccounts')}</li>
      </ul>
    </section>
  );
}

/**
 * The welcome page, opened once on install (and from options on request): what the extension does,
 * where a key comes from, the key pasted and checked (or, when an account is already set up, how it
 * stands), all-sites access offered, and the keyboard shortcut.
 */
export function App() {
  const status = useStatus();
  return (
    <main>
      <h1>{t('welcomeTitle')}</h1>
      <p class="intro">{t('welcomeIntro')}</p>
      <WhatItDoes />
      <ConnectCard status={status} />
      <AllSitesOffer />
      <ShortcutHint />
      <p class="hint">
        {t('welcomeOtherAddress')}{' '}
        <a href="/options.html" onClick={openOptions}>
          {t('welcomeOpenOptions')}
        </a>
      </p>
    </main>
  );
}
