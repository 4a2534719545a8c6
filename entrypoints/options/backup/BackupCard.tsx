import { useRef, useState } from 'preact/hooks';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import type { SavedPost } from '@/lib/storage/saved-posts';
import type { Settings } from '@/lib/storage/settings';
import { errorText } from '@/lib/ui/error-text';
import type { SaveSettings } from '../use-settings';
import { BackupPreview } from './BackupPreview';
import { type ImportPlan, isEmptyPlan, planImport } from './changes';
import { downloadText } from './download';
import { backupFileName, backupText, buildBackup, MAX_BACKUP_BYTES, parseBackup } from './format';

interface Pending {
  fileName: string;
  exportedAt: string;
  plan: ImportPlan;
}

type Feedback = { kind: 'ok' | 'error'; text: string };

/**
 * "Backup": exports the settings, the accounts' addresses, labels and reserves (never a key) and the
 * saved posts as a JSON file; imports one after showing what it changes, through the same
 * `saveSettings` as every other card (saved posts are added to the list, never replace it). A file
 * that does not check out changes nothing and says which field is wrong.
 */
export function BackupCard(props: {
  settings: Settings;
  accounts: readonly AccountView[];
  save: SaveSettings;
  /** The Saved list, as the page's store has it (undefined until it came: export waits for it). */
  saved: readonly SavedPost[] | undefined;
  /** Called once an import saved something, so the other cards show the new values. */
  onImported: () => void;
}) {
  const [feedback, setFeedback] = useState<Feedback>();
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const exportNow = () => {
    const now = new Date();
    const name = backupFileName(now);
    const backup = buildBackup(props.settings, props.accounts, now, props.saved);
    downloadText(name, backupText(backup), 'application/json');
    setFeedback({ kind: 'ok', text: t('backupExported', name) });
  };

  const choose = async (event: Event) => {
    const field = event.currentTarget as HTMLInputElement;
    const file = field.files?.[0];
    // Choosing the same file again must fire `change` again.
    field.value = '';
    setPending(undefined);
    setFeedback(undefined);
    if (file === undefined) return;
    if (file.size > MAX_BACKUP_BYTES) {
      setFeedback({ kind: 'error', text: t('backupTooLarge') });
      return;
    }
    const parsed = parseBackup(await file.text());
    if (!parsed.ok) {
      setFeedback({ kind: 'error', text: parsed.error });
      return;
    }
    const plan = planImport(props.settings, props.accounts, parsed.backup, props.saved);
    if (isEmptyPlan(plan)) setFeedback({ kind: 'ok', text: t('backupNothing') });
    else setPending({ fileName: file.name, exportedAt: parsed.backup.exportedAt, plan });
  };

  const finish = (result: Feedback) => {
    setBusy(false);
    setPending(undefined);
    setFeedback(result);
    input.current?.focus();
  };

  const apply = async () => {
    if (pending === undefined) return;
    const { plan } = pending;
    setBusy(true);
    if (Object.keys(plan.patch).length > 0) {
      const failure = await props.save(plan.patch);
      if (failure !== undefined) return finish({ kind: 'error', text: t('backupImportFailed', failure) });
      props.onImported();
    }
    if (plan.saved.add.length > 0) {
      const reply = await sendMessage('importSavedPosts', { posts: plan.saved.add });
      if (!reply.ok) return finish({ kind: 'error', text: t('backupSavedFailed', errorText(reply.error)) });
    }
    for (const change of plan.reserves) {
      const reply = await sendMessage('updateAccount', { id: change.id, reserve: change.to });
      if (!reply.ok)
        return finish({ kind: 'error', text: t('backupReserveFailed', [change.name, errorText(reply.error)]) });
    }
    finish({ kind: 'ok', text: t('backupImported') });
  };

  return (
    <section class="card" aria-labelledby="backup-title">
      <h2 id="backup-title">{t('backupTitle')}</h2>
      <p class="hint" id="backup-hint">
        {t('backupHint')} {t('backupHintSaved')}
      </p>
      <div class="actions">
        <button type="button" onClick={exportNow} aria-describedby="backup-hint" disabled={props.saved === undefined}>
          {t('backupExport')}
        </button>
      </div>
      <div class="backup-import">
        <label for="backup-file">{t('backupImportLabel')}</label>
        <input
          ref={input}
          id="backup-file"
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={choose}
        />
      </div>
      {pending !== undefined && (
        <BackupPreview
          fileName={pending.fileName}
          exportedAt={pending.exportedAt}
          plan={pending.plan}
          busy={busy}
          onConfirm={apply}
          onCancel={() => finish({ kind: 'ok', text: t('backupCancelled') })}
        />
      )}
      {feedback?.kind === 'error' ? (
        <p class="feedback error" role="alert">
          {feedback.text}
        </p>
      ) : (
        <StatusLine saves>{feedback?.text}</StatusLine>
      )}
    </section>
  );
}
