import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { useSaved, useStatus } from '@/lib/ui/page-store';
import { AccountsCard } from './AccountsCard';
import { BackupCard } from './backup/BackupCard';
import { OutboxExport } from './backup/OutboxExport';
import { ConnectionForm } from './ConnectionForm';
import { LinkPatterns } from './LinkPatterns';
import { MutesCard } from './MutesCard';
import { NotificationsCard } from './NotificationsCard';
import { OutboxHistory } from './OutboxHistory';
import { ReactionKindsEditor } from './ReactionKindsEditor';
import { ScopeList } from './ScopeList';
import { ShortcutHint } from './ShortcutHint';
import { SiteAccess } from './SiteAccess';
import { SyncCard } from './SyncCard';
import { TimelineKeys } from './TimelineKeys';
import { useSettings } from './use-settings';
import './options.css';

/**
 * The options page: which platform and key to use, what the key may do, the reaction buttons,
 * where post links get inline bars, how much Outbox history to keep (and its export), a backup of
 * all that, notifications, muted words and people, and the keyboard shortcuts. Settings save as they change.
 */
export function App() {
  const status = useStatus();
  const saved = useSaved();
  const { settings, loadError, save } = useSettings();
  // Bumped by an import: the cards follow pushed settings, merging them into what is being typed
  // (use-draft.ts); an import replaces everything, so they start again from it, typing and all.
  const [generation, setGeneration] = useState(0);
  // The exports name the accounts: they wait for the status (a file made before would have none).
  const accounts = status?.accounts;
  // A synced change applied here starts the cards again from the new values, as an import does.
  const synced = status?.sync?.applied ?? 0;
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <p class="hint welcome-link">
        <a href="/welcome.html" target="_blank" rel="noopener">
          {t('optionsShowWelcome')}
        </a>
      </p>
      <ConnectionForm status={status} />
      <AccountsCard status={status} />
      <ScopeList status={status} />
      {loadError !== undefined && (
        <p class="feedback error" role="alert">
          {t('optionsLoadFailed', loadError)}
        </p>
      )}
      {settings !== undefined && (
        <>
          <Fragment key={`${generation} ${synced}`}>
            <ReactionKindsEditor kinds={settings.reactionKinds} save={save} />
            <LinkPatterns patterns={settings.linkPatterns} save={save} />
            <SiteAccess
              decorateAllSites={settings.decorateAllSites}
              excludedHosts={settings.excludedHosts}
              chosenSites={settings.chosenSites}
              save={save}
            />
            <OutboxHistory saved={{ keepSent: settings.keepSent, keepSentDays: settings.keepSentDays }} save={save}>
              {accounts !== undefined && <OutboxExport accounts={accounts} />}
            </OutboxHistory>
            <MutesCard words={settings.mutedWords} authors={settings.mutedAuthors} save={save} />
            <NotificationsCard notify={settings.notify} save={save} />
          </Fragment>
          {accounts !== undefined && (
            <BackupCard
              settings={settings}
              accounts={accounts}
              save={save}
              saved={saved}
              onImported={() => setGeneration((value) => value + 1)}
            />
          )}
          {accounts !== undefined && <SyncCard sync={status?.sync} accounts={accounts} />}
        </>
      )}
      <ShortcutHint />
      {settings !== undefined && <TimelineKeys key={`${generation} ${synced}`} keys={settings.keys} save={save} />}
    </main>
  );
}
