import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { Countdown } from '@/components/common/Countdown';
import { displayLocale, t } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';
import { excerpt } from '@/lib/ui/outbox-groups';
import { failureText, stateLabel, uncertainText } from '@/lib/ui/outbox-words';
import { tNodes } from '@/lib/ui/t-node';
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

const time = (ms: number) => new Date(ms).toLocaleTimeString(displayLocale(), { hour: '2-digit', minute: '2-digit' });

/** A post's page on the platform's site (with a comment's anchor). */
const postUrl = (siteOrigin: string, postId: string, hash?: string) =>
  `${siteOrigin}/posts/${encodeURIComponent(postId)}${hash === undefined ? '' : `#${encodeURIComponent(hash)}`}`;

/** A link to a post on the platform's site (a new tab), or its id as text when the site is unknown. */
function PostLink({ siteOrigin, postId }: { siteOrigin: string | null; postId: string }) {
  const text = t('outboxPostRef', postId);
  if (siteOrigin === null) return <span>{text}</span>;
  return (
    <a href={postUrl(siteOrigin, postId)} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/** What was written, in a user's words: the post's text, "Reply to post …", "Well sourced on post …". */
function What({ item, reactionLabel, siteOrigin }: Omit<OutboxEntryProps, `on${string}`>) {
  const { request } = item;
  switch (request.kind) {
    case 'post':
      return <>{tNodes('outboxWhatPost', <q>{excerpt(request.body)}</q>)}</>;
    case 'comment':
      return (
        <>
          {tNodes('outboxWhatReply', <PostLink siteOrigin={siteOrigin} postId={request.postId} />)}{' '}
          <q>{excerpt(request.body)}</q>
        </>
      );
    case 'reaction':
      return (
        <>
          {tNodes(
            'outboxWhatReaction',
            <strong>{reactionLabel(request.reaction)}</strong>,
            <PostLink siteOrigin={siteOrigin} postId={request.postId} />,
          )}
        </>
      );
  }
}

/** A post the platform holds more than once: a link to every copy, and how to remove one. */
function Twins({ ids, siteOrigin }: { ids: string[]; siteOrigin: string | null }) {
  return (
    <span class="outbox-twins">
      <strong>{t('outboxTwinsTitle')}</strong>{' '}
      {ids.map((copy, index) => (
        <span key={copy}>
          {index > 0 && ', '}
          {siteOrigin === null ? (
            <code>{copy}</code>
          ) : (
            <a href={postUrl(siteOrigin, copy)} target="_blank" rel="noopener noreferrer">
              {t('outboxTwinCopy', copy)}
            </a>
          )}
        </span>
      ))}
      . {t('outboxTwinsAdvice')}
    </span>
  );
}

/** Where the item is, in words (with a live countdown while it waits). */
function Detail({
  item,
  siteOrigin,
  behindWait,
  pacedUntil,
}: {
  item: OutboxItemView;
  siteOrigin: string | null;
  behindWait: boolean;
  pacedUntil?: number | undefined;
}): ComponentChildren {
  const { state, request } = item;
  switch (state.status) {
    case 'queued':
      if (item.lastError?.kind === 'key_disabled') return t('outboxQueuedDisabled');
      if (item.lastError?.kind === 'network') return t('outboxQueuedOffline');
      if (item.lastError?.kind === 'rate_limited' || behindWait) return t('outboxQueuedRateLimited');
      if (pacedUntil !== undefined) return tNodes('outboxQueuedPaced', <Countdown until={pacedUntil} />);
      return t('outboxQueuedDetail');
    case 'sending':
      return t('outboxSendingDetail');
    case 'waiting':
      return tNodes('outboxWaitingDetail', <Countdown until={state.until} />);
    case 'sent': {
      // Held for moderation: not public yet, so no link to it as if it were.
      if (state.moderation === 'held') return t('outboxHeldDetail', time(state.at));
      const postId = request.kind === 'post' ? state.id : request.postId;
      const hash = request.kind === 'comment' ? state.id : undefined;
      if (state.id !== undefined && state.twins !== undefined && state.twins.length > 0)
        return <Twins ids={[state.id, ...state.twins]} siteOrigin={siteOrigin} />;
      return (
        <>
          {state.id === undefined
            ? t('outboxSentNoId', time(state.at))
            : tNodes('outboxSentDetail', time(state.at), <code>{state.id}</code>)}{' '}
          {siteOrigin !== null && postId !== undefined && (
            <a href={postUrl(siteOrigin, postId, hash)} target="_blank" rel="noopener noreferrer">
              {t('outboxView')}
            </a>
          )}
        </>
      );
    }
    case 'failed':
      return failureText(state.reason);
    case 'uncertain':
      return uncertainText(state.detail, request.kind);
  }
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

  const canRetry = status === 'failed' || status === 'uncertain';
  const canEdit = status === 'failed' && item.request.kind !== 'reaction';
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
          <What {...props} />
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
      {error !== undefined && (
        <p class="outbox-error" role="alert">
          {error}
        </p>
      )}
      {editing ? (
        <OutboxEditor
          initial={body}
          onResend={async (text) => {
            const failure = await onEditAndResend(item.id, text);
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
                {t('outboxEditAndResend')}
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
                {t('outboxDiscard')}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
