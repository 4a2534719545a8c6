import { t } from '@/lib/i18n';
import { useStatus } from '@/lib/ui/page-store';
import { AccountsCard } from './AccountsCard';
import { ConnectionForm } from './ConnectionForm';
import { LinkPatterns } from './LinkPatterns';
import { MutesCard } from './MutesCard';
import { OutboxHistory } from './OutboxHistory';
import { ReactionKindsEditor } from './ReactionKindsEditor';
import { ScopeList } from './ScopeList';
import { ShortcutHint } from './ShortcutHint';
import { SiteAccess } from './SiteAccess';
import { TimelineKeys } from './TimelineKeys';
import { useSettings } from './use-settings';
import './options.css';

/**
 * The options page: which platform and key to use, what the key may do, the reaction buttons,
 * where post links get inline bars, how much Outbox history to keep, muted words and people, and
 * the keyboard shortcuts.
 * Settings save as they change.
 */
export function App() {
  const status = useStatus();
  const { settings, loadError, save } = useSettings();
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
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
          <ReactionKindsEditor kinds={settings.reactionKinds} save={save} />
          <LinkPatterns patterns={settings.linkPatterns} save={save} />
          <SiteAccess decorateAllSites={settings.decorateAllSites} excludedHosts={settings.excludedHosts} save={save} />
          <OutboxHistory saved={{ keepSent: settings.keepSent, keepSentDays: settings.keepSentDays }} save={save} />
          <MutesCard words={settings.mutedWords} authors={settings.mutedAuthors} save={save} />
        </>
      )}
      <ShortcutHint />
      <TimelineKeys />
    </main>
  );
}
