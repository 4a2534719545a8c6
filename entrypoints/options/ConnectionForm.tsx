import { useState } from 'preact/hooks';
import { AddressField, KeyField } from '@/components/common/AccountFields';
import { StatusLine } from '@/components/common/StatusLine';
import { accountName, personName } from '@/lib/account-name';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import type { Status } from '@/lib/ui/page-store';
import { ensureHostPermission } from './host-permission';

interface Feedback {
  kind: 'ok' | 'error';
  text: string;
}

/** API base URL and key (write-only), Save, Check key and Remove key. */
export function ConnectionForm({ status }: { status: Status | undefined }) {
  const [baseUrl, setBaseUrl] = useState<string>();
  const [key, setKey] = useState('');
  const [feedback, setFeedback] = useState<Feedback>();
  const [busy, setBusy] = useState(false);
  const shownBaseUrl = baseUrl ?? status?.baseUrl ?? '';

  const save = async (event: Event) => {
    event.preventDefault();
    const url = shownBaseUrl.trim();
    // Ask first, while the click still counts as a user gesture.
    let granted = false;
    try {
      granted = await ensureHostPermission(url);
    } catch {
      setFeedback({ kind: 'error', text: t('optionsBadUrl') });
      return;
    }
    if (!granted) {
      setFeedback({ kind: 'error', text: t('optionsPermissionRefused') });
      return;
    }
    setBusy(true);
    const saved = await sendMessage('saveSettings', { baseUrl: url });
    if (!saved.ok) {
      setBusy(false);
      setFeedback({
        kind: 'error',
        text: saved.error.code === 'bad_request' ? t('optionsBadUrl') : errorText(saved.error),
      });
      return;
    }
    const removedFor = saved.data.keyRemovedFor;
    if (key.trim() !== '') {
      const stored = await sendMessage('saveKey', { key });
      if (!stored.ok) {
        setBusy(false);
        setFeedback({
          kind: 'error',
          text: stored.error.code === 'bad_request' ? t('optionsBadKey') : errorText(stored.error),
        });
        return;
      }
      setKey('');
    }
    setBusy(false);
    setBaseUrl(undefined);
    setFeedback(
      removedFor !== undefined && key.trim() === ''
        ? { kind: 'error', text: t('optionsKeyRemovedFor', removedFor) }
        : { kind: 'ok', text: t('optionsSaved') },
    );
  };

  const check = async () => {
    setBusy(true);
    const result = await sendMessage('checkKey');
    setBusy(false);
    if (!result.ok) {
      setFeedback({ kind: 'error', text: errorText(result.error) });
      return;
    }
    // The default account, named as everywhere else, with what this check just learnt.
    const main = status?.accounts.find((account) => account.isDefault);
    const who =
      main === undefined
        ? (personName(result.data.account) ?? t('optionsUnknownAccount'))
        : accountName({ ...main, check: { outcome: 'ok', account: result.data.account } });
    setFeedback({ kind: 'ok', text: t('optionsKeyWorks', who) });
  };

  const removeKey = async () => {
    setBusy(true);
    const result = await sendMessage('clearKey');
    setBusy(false);
    setFeedback(
      result.ok ? { kind: 'ok', text: t('optionsKeyRemoved') } : { kind: 'error', text: errorText(result.error) },
    );
  };

  return (
    <form class="card" onSubmit={save} aria-labelledby="connection-title">
      <h2 id="connection-title">{t('optionsConnection')}</h2>
      <AddressField id="base-url" label={t('optionsBaseUrl')} value={shownBaseUrl} onInput={setBaseUrl} />
      <KeyField
        id="api-key"
        label={t('optionsApiKey')}
        describedBy="key-state"
        placeholder={status?.key.set ? t('optionsKeyReplace') : ''}
        value={key}
        onInput={setKey}
      />
      <p id="key-state" class="hint">
        {status?.key.set
          ? status.key.origin
            ? t('optionsKeyFor', [status.key.origin, status.key.last4 ?? ''])
            : t('optionsKeySet', status.key.last4 ?? '')
          : t('optionsKeyNotSet')}
      </p>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {t('optionsSave')}
        </button>
        <button type="button" disabled={busy || !status?.key.set} onClick={check}>
          {t('optionsCheckKey')}
        </button>
        <button type="button" class="danger" disabled={busy || !status?.key.set} onClick={removeKey}>
          {t('optionsRemoveKey')}
        </button>
      </div>
      <StatusLine saves error={feedback?.kind === 'error'}>
        {feedback?.text}
      </StatusLine>
    </form>
  );
}
