import { useState } from 'preact/hooks';
import { Countdown } from '@/components/common/Countdown';
import { hostName } from '@/lib/account-name';
import { t, tCount } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { accountState } from '@/lib/ui/account-state';
import { errorText } from '@/lib/ui/error-text';

/** A window's length in words: "45 s", "15 min", "2 h". */
function windowText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return t('accountWindowSeconds', String(seconds));
  const minutes = Math.round(seconds / 60);
  return minutes < 120
    ? t('accountWindowMinutes', String(minutes))
    : t('accountWindowHours', String(Math.round(minutes / 60)));
}

/** What is known of the account's budget and, while pacing holds its writes, until when. */
function BudgetLine({ account }: { account: AccountView }) {
  const { budget, pacedUntil } = account;
  if ((budget === null || budget === undefined) && !pacedUntil) return null;
  const limit = budget?.limit === undefined ? '?' : String(budget.limit);
  const window = budget?.windowMs === undefined ? '?' : windowText(budget.windowMs);
  return (
    <p class="account-budget hint">
      {budget?.source === 'announced' && tCount('accountBudgetAnnounced', budget.limit ?? Number.NaN, [limit, window])}
      {budget?.source === 'announced' &&
        budget.remaining !== undefined &&
        ` ${tCount('accountBudgetLeft', budget.remaining)}`}
      {budget?.source === 'learned' && tCount('accountBudgetLearned', budget.limit ?? Number.NaN, [limit, window])}
      {pacedUntil ? (
        <>
          {' '}
          {account.reserve > 0 ? tCount('accountPaced', account.reserve) : t('accountPacedBudget')}{' '}
          <Countdown until={pacedUntil} />
        </>
      ) : null}
    </p>
  );
}

/** One account: its name, address and state; check, make default, reserve, remove (asking first). */
export function AccountRow({ account, others }: { account: AccountView; others: readonly AccountView[] }) {
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<string>();
  const [removing, setRemoving] = useState(false);
  const [moveTo, setMoveTo] = useState(others[0]?.id);
  const [reserve, setReserve] = useState<string>();
  const run = async (action: () => ReturnType<typeof sendMessage>) => {
    setBusy(true);
    const reply = await action();
    setBusy(false);
    setFeedback(reply.ok ? undefined : errorText(reply.error));
    return reply.ok;
  };
  const state = accountState(account);
  const base = `account-${account.id}`;
  const saveReserve = () => {
    const value = Number(reserve);
    if (reserve === undefined || !Number.isInteger(value) || value < 0 || value > 1000) return;
    void run(() => sendMessage('updateAccount', { id: account.id, reserve: value })).then(() => setReserve(undefined));
  };
  const remove = (waiting?: 'discard' | 'move') =>
    void run(() =>
      sendMessage('removeAccount', {
        id: account.id,
        ...(waiting === undefined ? {} : { waiting }),
        ...(waiting === 'move' && moveTo !== undefined ? { moveTo } : {}),
      }),
    );
  return (
    <li class="account-row" aria-labelledby={`${base}-name`}>
      <div class="account-head">
        <strong id={`${base}-name`}>{account.name}</strong>
        {account.isDefault && <span class="account-default">{t('accountDefault')}</span>}
        {/* An account named by its host (no label, no name from the platform) does not say it twice. */}
        {account.name !== hostName(account.origin) && <span class="account-host">{hostName(account.origin)}</span>}
      </div>
      <p class={`account-state ${state.tone}`}>
        {state.text}
        {account.key.last4 !== null && ` · ${t('accountKeyEnds', account.key.last4)}`}
        {account.pending > 0 && ` · ${tCount('accountPending', account.pending)}`}
      </p>
      {account.pause.rateLimitedUntil !== null && (
        <p class="account-pause">
          {t('accountRateLimited')} <Countdown until={account.pause.rateLimitedUntil} />
        </p>
      )}
      <BudgetLine account={account} />
      <div class="account-reserve">
        <label for={`${base}-reserve`}>{t('accountReserve')}</label>
        <input
          id={`${base}-reserve`}
          type="number"
          min={0}
          max={1000}
          value={reserve ?? String(account.reserve)}
          aria-describedby={`${base}-reserve-hint`}
          onInput={(event) => setReserve(event.currentTarget.value)}
          onChange={saveReserve}
        />
        <span id={`${base}-reserve-hint`} class="hint">
          {t('accountReserveHint')}
        </span>
      </div>
      <div class="actions">
        <button
          aria-label={t('accountCheckTitle', account.name)}
          type="button"
          disabled={busy || !account.key.set}
          onClick={() => void run(() => sendMessage('checkKey', { account: account.id }))}
        >
          {t('accountCheck')}
        </button>
        {!account.isDefault && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => sendMessage('setDefaultAccount', { id: account.id }))}
          >
            {t('accountMakeDefault')}
          </button>
        )}
        <button
          type="button"
          class="danger"
          disabled={busy}
          aria-label={t('accountRemoveTitle', account.name)}
          onClick={() => setRemoving(true)}
        >
          {t('accountRemove')}
        </button>
      </div>
      {removing && (
        <fieldset class="account-confirm">
          <legend class="visually-hidden">{t('accountRemoveTitle', account.name)}</legend>
          <p>
            {account.pending > 0
              ? tCount('accountRemoveWaiting', account.pending)
              : t('accountRemoveSure', account.name)}
          </p>
          {account.pending > 0 && others.length > 0 && (
            <p>
              <label for={`${base}-move`}>{t('accountMoveTo')}</label>{' '}
              <select id={`${base}-move`} value={moveTo} onChange={(event) => setMoveTo(event.currentTarget.value)}>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>{' '}
              <button type="button" disabled={busy} onClick={() => remove('move')}>
                {t('accountMoveAndRemove')}
              </button>
            </p>
          )}
          <div class="actions">
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => remove(account.pending > 0 ? 'discard' : undefined)}
            >
              {account.pending > 0 ? t('accountDiscardAndRemove') : t('accountRemove')}
            </button>
            <button type="button" disabled={busy} onClick={() => setRemoving(false)}>
              {t('accountCancel')}
            </button>
          </div>
        </fieldset>
      )}
      {feedback !== undefined && (
        <p class="feedback error" role="alert">
          {feedback}
        </p>
      )}
    </li>
  );
}
