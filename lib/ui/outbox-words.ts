import { t } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';

type Reason = Extract<OutboxItemView['state'], { status: 'failed' }>['reason'];

/** Why a write failed, in words, with what to do about it where there is something to do. */
export function failureText(reason: Reason): string {
  const base = (() => {
    switch (reason.kind) {
      case 'forbidden_scope':
        return reason.scope === undefined ? t('outboxFailScopeUnknown') : t('outboxFailScope', reason.scope);
      case 'unauthorized':
        return t('outboxFailUnauthorized');
      case 'key_disabled':
        return t('outboxFailDisabled', reason.reason ?? reason.message);
      case 'not_found':
        return t('outboxFailNotFound');
      case 'invalid':
        return t('outboxFailInvalid', reason.reason ?? reason.message);
      case 'bad_response':
        return t('outboxFailBadResponse');
      default:
        return t('outboxFailOther', reason.reason ?? reason.message);
    }
  })();
  return reason.mayHaveLanded ? `${base} ${t('outboxFailMayHaveLanded')}` : base;
}

/**
 * What "uncertain" means for this item: why its outcome is unknown, whether it was looked for (only
 * posts can be: the API reads no comments or reactions), and what to do.
 */
export function uncertainText(detail: string, kind: OutboxItemView['request']['kind']): string {
  const [cause, verdict] = detail.split(': ');
  const why = cause === 'interrupted' ? t('outboxUncertainInterrupted') : t('outboxUncertainLost');
  const looked =
    kind !== 'post'
      ? t('outboxUncertainNoLookup')
      : verdict === 'lookup_failed'
        ? t('outboxUncertainLookupFailed')
        : t('outboxUncertainNotFound');
  return `${why} ${looked} ${t('outboxUncertainAdvice')}`;
}

/** A state's name as the Outbox chip shows it. */
export function stateLabel(state: OutboxItemView['state']): string {
  switch (state.status) {
    case 'queued':
      return t('outboxStateQueued');
    case 'sending':
      return t('outboxStateSending');
    case 'waiting':
      return t('outboxStateWaiting');
    case 'sent':
      return state.moderation === 'held' ? t('outboxStateHeld') : t('outboxStateSent');
    case 'failed':
      return t('outboxStateFailed');
    case 'uncertain':
      return t('outboxStateUncertain');
    case 'scheduled':
      return t('outboxStateScheduled');
  }
}
