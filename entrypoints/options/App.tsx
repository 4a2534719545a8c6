import { t } from '@/lib/i18n';
import { useStatus } from '@/lib/ui/use-status';
import { ConnectionForm } from './ConnectionForm';
import { ScopeList } from './ScopeList';
import './options.css';

/** The options page: where the extension is told which platform and key to use. */
export function App() {
  const status = useStatus();
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <ConnectionForm status={status} />
      <ScopeList status={status} />
    </main>
  );
}
