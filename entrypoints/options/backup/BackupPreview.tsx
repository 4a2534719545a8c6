import { useEffect, useRef } from 'preact/hooks';
import { accountName, hostName } from '@/lib/account-name';
import { displayLocale, t, tCount } from '@/lib/i18n';
import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';
import type { ImportPlan } from './changes';
import type { BackupAccount } from './format';

/**
 * An account to add again, in words: its name (lib/account-name.ts: its label, else its host), with
 * the host it is added at when the name is not that host already; marked when it was the default.
 */
function accountWords(account: BackupAccount): string {
  const name = accountName(account);
  const host = hostName(account.baseUrl);
  const words = name === host ? name : t('backupMissingAccount', [name, host]);
  return account.default ? t('backupDefaultAccount', words) : words;
}

/** What an import would change, with the buttons to do it or not. Takes focus when it appears. */
export function BackupPreview(props: {
  fileName: string;
  exportedAt: string;
  plan: ImportPlan;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { plan } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const allSitesOn = plan.patch.decorateAllSites === true;
  const exported = new Date(props.exportedAt).toLocaleString(displayLocale());
  const { add, noRoom } = plan.saved;
  return (
    <div class="backup-preview">
      <h3 id="backup-preview-title" tabIndex={-1} ref={heading}>
        {t('backupPreviewTitle', props.fileName)}
      </h3>
      <p class="hint">{t('backupPreviewExported', exported)}</p>
      {plan.changes.length + plan.reserves.length + add.length > 0 && (
        <ul class="backup-changes" aria-labelledby="backup-preview-title">
          {plan.changes.map((change) => (
            <li key={change.field}>{t('backupChange', [change.label, change.from, change.to])}</li>
          ))}
          {plan.reserves.map((change) => (
            <li key={change.id}>{t('backupReserveChange', [change.name, String(change.from), String(change.to)])}</li>
          ))}
          {add.length > 0 && <li>{tCount('backupSavedAdd', add.length)}</li>}
        </ul>
      )}
      {allSitesOn && <p class="hint">{t('backupAllSitesNote')}</p>}
      {noRoom > 0 && <p class="hint">{t('backupSavedNoRoom', [String(noRoom), String(MAX_SAVED_POSTS)])}</p>}
      {plan.missing.length > 0 && (
        <>
          <p id="backup-missing-title">{t('backupMissingTitle')}</p>
          <ul class="backup-changes" aria-labelledby="backup-missing-title">
            {plan.missing.map((account, index) => (
              <li key={index}>{accountWords(account)}</li>
            ))}
          </ul>
        </>
      )}
      <div class="actions">
        <button type="button" onClick={props.onConfirm} disabled={props.busy}>
          {t('backupConfirm')}
        </button>
        <button type="button" onClick={props.onCancel} disabled={props.busy}>
          {t('backupCancel')}
        </button>
      </div>
    </div>
  );
}
