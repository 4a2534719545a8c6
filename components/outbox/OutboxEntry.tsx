import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';
import { stateLabel } from '@/lib/ui/outbox-words';
import { Detail, ScheduledNote, What } from './OutboxDetail';
import { OutboxEditor } from './OutboxEditor';

/** What an Outbox action resolves with: words for an error, or undefined when it worked. */
export type ActionResult = Promise<string | undefined>;

export interface OutboxEntryProps {
  item: OutboxItemView;
  /** The label of a reaction kind ("Well sourced" for `well_sourced`). */
  reactionLabel: (kind: string) => string;
  /** The platform's site (`https://…`), for links to posts; null when unknown. */
  siteOrigin: string | null;
  onRetry: (id: string) => ActionResult;
  onEditAndResend: (id: string, body: string) => ActionResult;
  onDiscard: (id: string) => ActionResult;
  /** A scheduled write: another time (and words), or at once. */
  onReschedule: (id: string, sendAt: number, body?: string) => ActionResult;
  onSendNow: (id: string) => ActionResult;
  /** Another write of the same account waits for the rate limit: a queued one goes after it. */
  behindWait?: boolean;
  /** The next write of an account its announced budget holds: until when. */
  pacedUntil?: number | undefined;
  /** Who it is written as, shown when the user has several accounts. */
  speaker?: string;
  /** Scroll to this write and focus it (the panel was opened on it); `onFocused` once done. */
  focused?: boolean;
  onFocused?: () => void;
}

/**
 * One write in the Outbox: what it is, its state, and what the user can do about it (Send again,
 * Edit and resend, Discard). Actions report their own errors next to the item.
 */
export function OutboxEntry(props: OutboxEntryProps) {
  const { item, onRetry, onEditAndResend, onDiscard } = props;
  const status = item.state.status;
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const entry = useRef<HTMLLIElement>(null);
  const id = useId();
  const { focused, onFocused } = props;
  useEffect(() => {
    if (focused !== true || entry.current === null) return;
    entry.current.scrollIntoView?.({ block: 'center' });
    entry.current.focus();
    onFocused?.();
  }, [focused, onFocused]);

  const run = async (action: () => ActionResult) => {
    setBusy(true);
    setError(undefined);
    const failure = await action();
    setBusy(false);
    setError(failure);
  };

  const scheduled = item.state.status === 'scheduled' ? item.state.sendAt : undefined;
  const canRetry = status === 'failed' || status === 'uncertain';
  const canEdit = (status === 'failed' || scheduled !== undefined) && item.request.kind !== 'reaction';
  const canDiscard = status !== 'sending' && status !== 'sent';
  const body = item.request.kind === 'reaction' ? '' : item.request.body;

  return (
    <li
      ref={entry}
      class={`outbox-entry state-${status}`}
      aria-labelledby={`${id}-what`}
      aria-busy={busy || undefined}
      data-item={item.id}
      tabIndex={-1}
    >
      <div class="outbox-entry-head">
        <span class={`chip chip-${status}`}>{stateLabel(item.state)}</span>
        <span id={`${id}-what`} class="outbox-what">
          <What item={item} reactionLabel={props.reactionLabel} siteOrigin={props.siteOrigin} />
        </span>
        {props.speaker !== undefined && <span class="outbox-speaker">{t('speakerAs', props.speaker)}</span>}
      </div>
      <p class="outbox-detail">
        <Detail
          item={item}
          siteOrigin={props.siteOrigin}
          behindWait={props.behindWait === true}
          pacedUntil={props.pacedUntil}
        />
      </p>
      <ScheduledNote item={item} />
      {error !== undefined && (
        <p class="outbox-error" role="alert">
          {error}
        </p>
      )}
      {editing ? (
        <OutboxEditor
          initial={body}
          sendAt={scheduled}
          onResend={async (text, sendAt) => {
            const failure = await (sendAt === undefined
              ? onEditAndResend(item.id, text)
              : props.onReschedule(item.id, sendAt, text));
            if (failure === undefined) setEditing(false);
            return failure;
          }}
          onCancel={() => {
            setEditing(false);
            // Give focus back to where the user started.
            setTimeout(() => editButton.current?.focus(), 0);
          }}
        />
      ) : (
        (canRetry || canEdit || canDiscard) && (
          <div class="actions">
            {canRetry && (
              <button
                type="button"
                disabled={busy}
                aria-describedby={`${id}-what`}
                onClick={() => run(() => onRetry(item.id))}
              >
                {t('outboxSendAgain')}
              </button>
            )}
            {canEdit && (
              <button
                type="button"
                ref={editButton}
                disabled={busy}
                aria-describedby={`${id}-what`}
                onClick={() => setEditing(true)}
              >
                {scheduled === undefined ? t('outboxEditAndResend') : t('outboxEditScheduled')}
              </button>
            )}
            {scheduled !== undefined && (
              <button
                type="button"
                disabled={busy}
                aria-describedby={`${id}-what`}
                onClick={() => run(() => props.onSendNow(item.id))}
              >
                {t('outboxSendNow')}
              </button>
            )}
            {canDiscard && (
              <button
                type="button"
                class="danger"
                disabled={busy}
                aria-describedby={`${id}-what`}
                onClick={() => run(() => onDiscard(item.id))}
              >
                {scheduled === undefined ? t('outboxDiscard') : t('outboxCancelScheduled')}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
