import type { ComponentChildren } from 'preact';
import { t, tCount } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import { type PostStateView, reactionViews, stageOf } from '@/lib/messages/post-writes';
import { kindLabel, type ReactionKind } from '@/lib/storage/reaction-kinds';
import { MAX_HANDLE_LENGTH, MUTED_HANDLE } from '@/lib/storage/settings-limits';
import { memo } from '@/lib/ui/memo';
import { handleKey, type MuteReason } from '@/lib/ui/timeline-filter';
import { MutedNote } from './MutedNote';
import { PostMenu } from './PostMenu';
import { authorOf, PostBody, PostTime, SaveButton } from './PostParts';
import { ReactionButton } from './ReactionButton';

export interface TimelineItemProps {
  item: PostView;
  /** 1-based position in the loaded list. */
  position: number;
  /** How many posts there are, or -1 while more may load (ARIA feed). */
  setSize: number;
  reactionKinds: readonly ReactionKind[];
  /** The user's own writes about this post, from the Outbox. */
  /** The user's own writes about this post. */
  marks: PostStateView | undefined;
  replyOpen: boolean;
  /** Why the last reaction could not be queued, in words. */
  reactError?: string | undefined;
  onToggleReply: (postId: string) => void;
  onReact: (postId: string, kind: string) => void;
  /** The inline reply composer, shown under the post while `replyOpen`. */
  reply?: ComponentChildren;
  /** Why the post is muted, when it is shown anyway ("N hidden" opened). */
  muted?: MuteReason | undefined;
  /** Mutes or unmutes the author (the handle as the mute list keeps it) of the post at `position`; absent: no menu. */
  onMuteAuthor?: ((handle: string, muted: boolean, position: number) => void) | undefined;
  onUnmuteWord?: ((word: string) => void) | undefined;
  /** The post's Save toggle (whether it is saved, the action, why the last one failed); absent: none. */
  save?: { saved: boolean; onToggle: () => void; error?: string | undefined } | undefined;
}

/** An id usable in `id` attributes, from an API id (which the spec does not constrain). */
export function domId(postId: string): string {
  return `post-${postId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * One post of the timeline: an `article` named by its author and time; the body as plain text
 * (addresses become links that open in a new tab without an opener); replies and reaction counts
 * where the API gives them; Reply and one button per reaction kind. Rendered again only when one of
 * its props changed: opening one post's reply box renders that post, not the list
 * (docs/performance.md, "Side panel opening").
 */
export const TimelineItem = memo(TimelinePost);

function TimelinePost(props: TimelineItemProps) {
  const { item, marks, replyOpen, position } = props;
  const base = domId(item.id);
  const author = authorOf(item);
  const handle = item.author?.displayName && item.author.handle ? `@${item.author.handle}` : null;
  const { muted } = props;
  const muteAuthorOf = props.onMuteAuthor;
  const onMuteAuthor =
    muteAuthorOf === undefined ? undefined : (handle: string, mute: boolean) => muteAuthorOf(handle, mute, position);
  const muteHandle = item.author?.handle ? mutableHandle(item.author.handle) : undefined;
  return (
    <article
      class={muted === undefined ? 'post' : 'post muted'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA feed pattern makes articles focusable.
      tabIndex={0}
      data-post-id={item.id}
      aria-labelledby={`${base}-author ${base}-time`}
      aria-describedby={`${base}-body`}
      aria-posinset={position}
      aria-setsize={props.setSize}
    >
      {muted !== undefined && (
        <MutedNote reason={muted} onMuteAuthor={onMuteAuthor} onUnmuteWord={props.onUnmuteWord} />
      )}
      <header class="post-head">
        <span id={`${base}-author`} class="post-author">
          {author}
        </span>
        {handle !== null && <span class="post-handle">{handle}</span>}
        <PostTime post={item} id={`${base}-time`} />
      </header>
      <PostBody body={item.body} id={`${base}-body`} />
      <PostMeta count={item.commentCount} marks={marks} />
      <div class="post-actions">
        <button
          type="button"
          id={`${base}-reply-toggle`}
          class="reply-toggle"
          aria-expanded={replyOpen}
          aria-controls={replyOpen ? `${base}-reply` : undefined}
          onClick={() => props.onToggleReply(item.id)}
        >
          {t('panelReply')}
        </button>
        <fieldset class="reactions">
          <legend class="visually-hidden">{t('panelReactionsLabel')}</legend>
          {props.reactionKinds.map((kind) => (
            <ReactionButton
              key={kind.value}
              id={`${base}-${kind.value}`}
              label={kindLabel(kind)}
              count={item.reactionCounts?.[kind.value]}
              mark={reactionStage(marks, kind.value)}
              onReact={() => props.onReact(item.id, kind.value)}
            />
          ))}
        </fieldset>
        {props.save !== undefined && (
          <SaveButton id={`${base}-save`} saved={props.save.saved} onToggle={props.save.onToggle} />
        )}
        {muteHandle !== undefined && onMuteAuthor !== undefined && (
          <PostMenu
            base={base}
            handle={muteHandle}
            muted={muted?.kind === 'author'}
            onMute={(mute) => onMuteAuthor(muteHandle, mute)}
          />
        )}
      </div>
      {(props.reactError ?? props.save?.error) !== undefined && (
        <p class="post-error" role="alert">
          {props.reactError ?? props.save?.error}
        </p>
      )}
      {replyOpen && (
        <div id={`${base}-reply`} class="post-reply">
          {props.reply}
        </div>
      )}
    </article>
  );
}

/** The handle as a mute list keeps it (no leading `@`), or undefined when it cannot be kept. */
function mutableHandle(handle: string): string | undefined {
  const key = handleKey(handle);
  return key.length <= MAX_HANDLE_LENGTH && MUTED_HANDLE.test(key) ? key : undefined;
}

/** Replies counted by the platform, and the user's own replies on their way or stuck. */
function PostMeta({ count, marks }: { count: number | undefined; marks: PostStateView | undefined }) {
  const mine = marks?.replies;
  const problem = mine === undefined ? false : mine.failed + mine.uncertain > 0;
  const note =
    mine === undefined
      ? null
      : problem
        ? t('panelMyRepliesProblem')
        : mine.pending > 0
          ? t('panelMyRepliesPending')
          : mine.sent > 0
            ? t('panelMyRepliesSent')
            : null;
  if (count === undefined && note === null) return null;
  return (
    <p class="post-meta">
      {count !== undefined && <span>{count === 0 ? t('panelRepliesNone') : tCount('panelRepliesMany', count)}</span>}
      {note !== null && <span class={problem ? 'mine problem' : 'mine'}>{note}</span>}
    </p>
  );
}

/** Where the user's own reaction of `kind` stands, if they made one. */
function reactionStage(marks: PostStateView | undefined, kind: string) {
  const view = reactionViews(marks).get(kind);
  return view === undefined ? undefined : stageOf(view.status);
}
