import { useState } from 'preact/hooks';
import { StatusLine } from '@/components/common/StatusLine';
import { type MessageKey, t } from '@/lib/i18n';
import type { AccountView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import type { SyncView } from '@/lib/messages/sync-protocol';
import type { Proposal, SyncProblem } from '@/lib/sync/view';
import { errorText } from '@/lib/ui/error-text';

/** Each synced part's name, as the card's words name it. */
const FIELD_WORDS: Record<SyncProblem['field'], MessageKey> = {
  all: 'syncFieldAll',
  accounts: 'syncFieldAccounts',
  reactionKinds: 'backupFieldReactionKinds',
  keys: 'backupFieldKeys',
  history: 'syncFieldHistory',
  notify: 'backupFieldNotify',
  linkPatterns: 'backupFieldLinkPatterns',
  excludedHosts: 'backupFieldExcludedHosts',
  chosenSites: 'syncFieldChosenSites',
  mutedWords: 'backupFieldMutedWords',
  mutedAuthors: 'backupFieldMutedAuthors',
  saved: 'syncFieldSaved',
};

/** A problem in the user's words (the local value is always kept: each says so). */
function problemWords(problem: SyncProblem): string {
  const field = t(FIELD_WORDS[problem.field]);
  switch (problem.kind) {
    case 'too_large':
      return t('syncProblemTooLarge', field);
    case 'no_room':
      return t('syncProblemNoRoom', field);
    case 'partial':
      return t('syncProblemPartial', [String(problem.synced ?? 0), String(problem.total ?? 0)]);
    case 'refused':
      return t('syncProblemRefused', [field, problem.detail]);
    case 'accounts_full':
      return t('syncProblemAccountsFull', String(problem.synced ?? 0));
    case 'conflict':
      return t('syncProblemConflict', field);
    default:
      return t('syncProblemBrowser', problem.detail);
  }
}

/**
 * Sync: one switch (off by default), what syncs and what never does, when it last ran, what did
 * not sync and why, and the address changes another browser made to accounts that have a key here,
 * each waiting for the user's word.
 */
export function SyncCard({ sync, accounts }: { sync: SyncView | undefined; accounts: readonly AccountView[] }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const on = sync?.on === true;
  const toggle = async () => {
    setBusy(true);
    const reply = await sendMessage('setSync', { on: !on });
    setBusy(false);
    setMessage(
      reply.ok
        ? { text: t(on ? 'syncTurnedOff' : 'syncTurnedOn'), error: false }
        : { text: errorText(reply.error), error: true },
    );
  };
  return (
    <section class="card" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('syncTitle')}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={on}
          disabled={busy || sync === undefined}
          aria-describedby="sync-hint"
          onChange={toggle}
        />
        {t('syncSwitch')}
      </label>
      <p id="sync-hint" class="hint">
        {t('syncHint')}
      </p>
      {on && sync?.lastAt != null && (
        <p class="hint">
          {t('syncLastAt', new Date(sync.lastAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }))}
        </p>
      )}
      {on && (sync?.problems.length ?? 0) > 0 && (
        <ul class="sync-problems" aria-label={t('syncProblemsLabel')}>
          {sync?.problems.map((problem) => (
            <li key={`${problem.field} ${problem.kind} ${problem.detail}`}>{problemWords(problem)}</li>
          ))}
        </ul>
      )}
      {sync?.proposals.map((proposal) => (
        <ProposalRow key={proposal.account} proposal={proposal} accounts={accounts} onDone={setMessage} />
      ))}
      <StatusLine saves error={message?.error}>
        {message?.text}
      </StatusLine>
    </section>
  );
}

/** "Another browser moved …": Use the new address (its key here is forgotten when the origin changes) or keep this one. */
function ProposalRow(props: {
  proposal: Proposal;
  accounts: readonly AccountView[];
  onDone: (message: { text: string; error: boolean }) => void;
}) {
  const { proposal } = props;
  const name = props.accounts.find((account) => account.id === proposal.account)?.name ?? proposal.from;
  const answer = async (accept: boolean) => {
    const reply = await sendMessage('answerSyncProposal', { account: proposal.account, accept });
    if (!reply.ok) return props.onDone({ text: errorText(reply.error), error: true });
    props.onDone({ text: t(accept ? 'syncProposalMoved' : 'syncProposalKept', name), error: false });
  };
  return (
    <fieldset class="sync-proposal" aria-label={t('syncProposalLabel', name)}>
      <p>{t('syncProposal', [name, proposal.to.replace(/\/$/, ''), proposal.from.replace(/\/$/, '')])}</p>
      <button type="button" onClick={() => void answer(true)}>
        {t('syncProposalUse')}
      </button>{' '}
      <button type="button" onClick={() => void answer(false)}>
        {t('syncProposalKeep')}
      </button>
    </fieldset>
  );
}
