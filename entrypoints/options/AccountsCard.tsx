import { useState } from 'preact/hooks';
import { AddressField, KeyField } from '@/components/common/AccountFields';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import type { Status } from '@/lib/ui/page-store';
import { AccountRow } from './AccountRow';
import { ensureHostPermission } from './host-permission';

/** "Add an account": its address, key and an optional label; the key is checked as it is added. */
function AddAccount() {
  const [fields, setFields] = useState({ baseUrl: '', key: '', label: '' });
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const set = (name: keyof typeof fields) => (value: string) => setFields({ ...fields, [name]: value });
  const add = async (event: Event) => {
    event.preventDefault();
    const baseUrl = fields.baseUrl.trim();
    // Asked first, while the click still counts as a user gesture.
    const granted = await ensureHostPermission(baseUrl).catch(() => undefined);
    if (granted !== true) {
      setFeedback({ kind: 'error', text: granted === false ? t('optionsPermissionRefused') : t('optionsBadUrl') });
      return;
    }
    setBusy(true);
    const label = fields.label.trim();
    const reply = await sendMessage('addAccount', { baseUrl, key: fields.key, ...(label === '' ? {} : { label }) });
    setBusy(false);
    if (!reply.ok) {
      setFeedback({ kind: 'error', text: errorText(reply.error) });
      return;
    }
    setFields({ baseUrl: '', key: '', label: '' });
    setFeedback({ kind: 'ok', text: t('accountAdded', reply.data.name) });
  };
  return (
    <form class="account-add" onSubmit={add} aria-labelledby="account-add-title">
      <h3 id="account-add-title">{t('accountAddTitle')}</h3>
      <AddressField id="account-add-url" label={t('accountAddUrl')} value={fields.baseUrl} onInput={set('baseUrl')} />
      <KeyField id="account-add-key" label={t('accountAddKey')} value={fields.key} onInput={set('key')} />
      <label for="account-add-label">{t('accountLabel')}</label>
      <input
        id="account-add-label"
        maxLength={40}
        value={fields.label}
        onInput={(event) => set('label')(event.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={busy || fields.baseUrl.trim() === '' || fields.key.trim() === ''}>
          {t('accountAdd')}
        </button>
      </div>
      <StatusLine error={feedback?.kind === 'error'}>{feedback?.text}</StatusLine>
    </form>
  );
}

/**
 * Every account with its state, the default marked; each checked, made default, given a reserve for
 * the website or removed (asking what to do with its writes waiting); and a form to add one.
 */
export function AccountsCard({ status }: { status: Status | undefined }) {
  const accounts = status?.accounts ?? [];
  return (
    <section class="card" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accountsTitle')}</h2>
      <p class="hint">{t('accountsHint')}</p>
      {accounts.length > 0 && (
        <ul class="accounts">
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              others={accounts.filter((other) => other.id !== account.id)}
            />
          ))}
        </ul>
      )}
      <AddAccount />
    </section>
  );
}
