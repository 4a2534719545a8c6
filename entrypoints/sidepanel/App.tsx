import { t } from '@/lib/i18n';

/** The side panel: the public timeline, the composer and the Outbox (filled in by the UI issue). */
export function App() {
  return (
    <main>
      <h1>{t('extName')}</h1>
      <p>{t('sidepanelPlaceholder')}</p>
    </main>
  );
}
