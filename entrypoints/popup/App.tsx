import { t } from '@/lib/i18n';

/** The toolbar popup: key status, quick post, Outbox count (filled in by the UI issue). */
export function App() {
  return (
    <main>
      <h1>{t('extName')}</h1>
    </main>
  );
}
