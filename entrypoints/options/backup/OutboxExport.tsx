import { useState } from 'preact/hooks';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { downloadText } from './download';
import {
  historyCsv,
  historyFileName,
  historyJson,
  historyRow,
  type OutboxPage,
  readWholeOutbox,
} from './outbox-export';

/** Reads one page of the Outbox through `listOutbox`, or throws the reply's error in words. */
async function listPage(cursor: string | undefined): Promise<OutboxPage> {
  const reply = await sendMessage('listOutbox', cursor === undefined ? { limit: 200 } : { cursor, limit: 200 });
  if (!reply.ok) throw new Error(errorText(reply.error));
  return reply.data;
}

/** "Export history as CSV / JSON": every write the Outbox holds, newest first, each with its account's name. */
export function OutboxExport({ accounts }: { accounts: readonly AccountView[] }) {
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: 'ok' | 'error'; text: string }>();

  const exportAs = async (format: 'csv' | 'json') => {
    setBusy(true);
    setFeedback({ kind: 'ok', text: t('historyExporting') });
    try {
      const names = new Map(accounts.map((account) => [account.id, account.name]));
      const rows = (await readWholeOutbox(listPage)).map((item) => historyRow(item, names));
      const now = new Date();
      const name = historyFileName(now, format);
      if (format === 'csv') downloadText(name, historyCsv(rows), 'text/csv;charset=utf-8');
      else downloadText(name, historyJson(rows, now), 'application/json');
      setFeedback({ kind: 'ok', text: t('historyExported', [String(rows.length), name]) });
    } catch (error) {
      setFeedback({ kind: 'error', text: t('historyExportFailed', error instanceof Error ? error.message : '') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => void exportAs('csv')}>
          {t('historyExportCsv')}
        </button>
        <button type="button" disabled={busy} onClick={() => void exportAs('json')}>
          {t('historyExportJson')}
        </button>
      </div>
      <StatusLine saves error={feedback?.kind === 'error'}>
        {feedback?.text}
      </StatusLine>
    </>
  );
}
