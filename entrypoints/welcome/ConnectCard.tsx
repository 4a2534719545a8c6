import { useRef, useState } from 'preact/hooks';
import { AddressField, KeyField } from '@/components/common/AccountFields';
import { ensureHostPermission } from '@/entrypoints/options/host-permission';
import { openSidePanelHere } from '@/lib/browser/side-panel';
import { t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { type AccountState, accountState } from '@/lib/ui/account-state';
import { errorText } from '@/lib/ui/error-text';
import type { Status } from '@/lib/ui/page-store';

/** What went wrong in words (the address refused, a key not well formed, …), or undefined. */
type Failure = string | undefined;
/** Runs a step of the card: "checking…" while it runs, then its failure or the account's state. */
type Run = (action: () => Promise<Failure>) => Promise<void>;

/** A new account: the platform's API address and a key, saved and checked in one go (`addAccount`). */
function NewAccountForm({ busy, run, added }: { busy: boolean; run: Run; added: (account: AccountView) => void }) {
  const [baseUrl, setBaseUrl] = useState('');
  const [key, setKey] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    const url = baseUrl.trim();
    void run(async () => {
      // Asked first, while the click still counts as a user gesture.
      const granted = await ensureHostPermission(url).catch(() => undefined);
      if (granted !== true) return granted === false ? t('optionsPermissionRefused') : t('optionsBadUrl');
      const reply = await sendMessage('addAccount', { baseUrl: url, key });
      if (!reply.ok) return reply.error.code === 'bad_request' ? t('optionsBadKey') : errorText(reply.error);
      // The key never stays in the page once the background has it.
      setKey('');
      added(reply.data);
      return undefined;
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="connect-title">
      <p>{t('welcomeKeyWhere')}</p>
      <p class="hint">{t('welcomeKeySafe')}</p>
      <AddressField id="welcome-url" label={t('optionsBaseUrl')} value={baseUrl} onInput={setBaseUrl} />
      <KeyField id="welcome-key" label={t('optionsApiKey')} value={key} onInput={setKey} />
      <div class="actions">
        <button type="submit" disabled={busy || baseUrl.trim() === '' || key.trim() === ''}>
          {t('welcomeConnect')}
        </button>
      </div>
    </form>
  );
}

/** The account already set up: who it is, and what to do when its key needs attention. */
function AccountSummary({
  account,
  count,
  state,
  busy,
  run,
}: {
  account: AccountView;
  count: number;
  state: AccountState;
  busy: boolean;
  run: Run;
}) {
  const [key, setKey] = useState('');
  const [panelRefused, setPanelRefused] = useState(false);
  const host = new URL(account.origin).host;
  // A check recorded in the account is what the line shows: the reply adds nothing to it.
  const check = () => sendMessage('checkKey', { account: account.id }).then(() => undefined);
  const replaceKey = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const saved = await sendMessage('saveKey', { key, account: account.id });
      if (!saved.ok) return saved.error.code === 'bad_request' ? t('optionsBadKey') : errorText(saved.error);
      setKey('');
      await check();
      return undefined;
    });
  };
  const openPanel = () => {
    setPanelRefused(false);
    void openSidePanelHere().then((opened) => setPanelRefused(!opened));
  };
  return (
    <>
      <p>
        {state.tone === 'ok' ? t('welcomeReady', [account.name, host]) : t('welcomeAttention', [account.name, host])}
      </p>
      {count > 1 && <p class="hint">{t('welcomeMoreAccounts', String(count))}</p>}
      {state.tone === 'ok' ? (
        <div class="actions">
          <button type="button" onClick={openPanel}>
            {t('welcomeOpenPanel')}
          </button>
        </div>
      ) : (
        <>
          {state.tone === 'problem' && (
            <form onSubmit={replaceKey}>
              <KeyField id="welcome-new-key" label={t('welcomeNewKey')} value={key} onInput={setKey} />
              <div class="actions">
                <button type="submit" disabled={busy || key.trim() === ''}>
                  {t('welcomeConnect')}
                </button>
              </div>
            </form>
          )}
          {account.key.set && (
            <div class="actions">
              <button type="button" disabled={busy} onClick={() => void run(check)}>
                {t('welcomeCheckAgain')}
              </button>
            </div>
          )}
        </>
      )}
      {panelRefused && <p class="hint">{t('welcomePanelRefused')}</p>}
    </>
  );
}

/**
 * "Connect your account": where a key comes from, the address and key pasted and checked. With an
 * account already set up (an update, a development build, or the form just used) it says who the
 * extension acts as and how the key stands instead of asking again. One live line, always in the
 * page, says "checking…" and then the outcome: works, not accepted, disabled and why, missing scopes.
 */
export function ConnectCard({ status }: { status: Status | undefined }) {
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The reply of `addAccount`, until the background's push brings the account.
  const [added, setAdded] = useState<AccountView>();
  const heading = useRef<HTMLHeadingElement>(null);
  const accounts = status?.accounts ?? [];
  const account = accounts.find((candidate) => candidate.isDefault) ?? accounts[0] ?? added;
  const state = account === undefined ? undefined : accountState(account);
  // The form stays while its request runs: the account appears (unchecked) before its check ends.
  const showForm = status !== undefined && (adding || account === undefined);

  const run = async (action: () => Promise<Failure>) => {
    setBusy(true);
    setFailure(undefined);
    const failed = await action().catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    setBusy(false);
    setFailure(failed);
  };
  const add = async (action: () => Promise<Failure>) => {
    setAdding(true);
    await run(action);
    setAdding(false);
    // The form is gone: focus goes to the card's heading, the live line says how the key stands.
    heading.current?.focus();
  };
  const line: AccountState | undefined = busy
    ? { tone: 'unknown', text: t('welcomeChecking') }
    : failure !== undefined
      ? { tone: 'problem', text: failure }
      : state;
  return (
    <section class="card" aria-labelledby="connect-title" aria-busy={status === undefined}>
      <h2 id="connect-title" ref={heading} tabIndex={-1}>
        {showForm ? t('welcomeConnectTitle') : t('welcomeAccountTitle')}
      </h2>
      {showForm && <NewAccountForm busy={busy} run={add} added={setAdded} />}
      {!showForm && account !== undefined && state !== undefined && (
        <AccountSummary account={account} count={accounts.length} state={state} busy={busy} run={run} />
      )}
      <p role="status" class={`account-state ${line?.tone ?? ''}`}>
        {line?.text}
      </p>
    </section>
  );
}
