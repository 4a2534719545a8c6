import { t } from '@/lib/i18n';

/** The options page: base URL and key (filled in by the core issue). */
export function App() {
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
    </main>
  );
}
