import type { ComponentChildren } from 'preact';
import { Countdown } from '@/components/common/Countdown';
import { displayLocale, t } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';
import { excerpt } from '@/lib/ui/outbox-groups';
import { failureText, uncertainText } from '@/lib/ui/outbox-words';
import { lateWords, wentLateBy, whenWords } from '@/lib/ui/send-at';
import { tNodes } from '@/lib/ui/t-node';

/* What an Outbox entry says: what was written, where it is, and for a scheduled write, when. */

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
export function What({
  item,
  reactionLabel,
  siteOrigin,
}: {
  item: OutboxItemView;
  reactionLabel: (kind: string) => string;
  siteOrigin: string | null;
}) {
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
export function Detail({
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
    case 'scheduled':
      return t('outboxScheduledDetail', whenWords(state.sendAt));
  }
}

/** A scheduled write that went: when it was meant to go, and why it went late when it did. */
export function ScheduledNote({ item }: { item: OutboxItemView }) {
  if (item.scheduled === undefined) return null;
  const late = wentLateBy(item);
  const when = whenWords(item.scheduled.sendAt);
  return (
    <p class="outbox-detail outbox-scheduled">
      {late === undefined ? t('outboxScheduledOnTime', when) : t('outboxScheduledLate', [when, lateWords(late)])}
    </p>
  );
}
