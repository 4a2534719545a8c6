import { authorOf } from '@/components/timeline/PostParts';
import { TimelineItem, type TimelineItemProps } from '@/components/timeline/TimelineItem';
import { ReplyComposer } from '@/entrypoints/sidepanel/ReplyComposer';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { sendMessage } from '@/lib/messages/send';
import { lazy } from '@/lib/ui/lazy';
import { memo } from '@/lib/ui/memo';
import { speakerField } from './state/speaker';
import { type ReplyBoxes, useReplyBox } from './state/use-reply-boxes';

/** The list of keys: its code loads when the user first asks for it. */
export const ShortcutsDialog = lazy(() =>
  import('@/components/timeline/ShortcutsDialog').then((module) => module.ShortcutsDialog),
);

/** Sends at once, or at `sendAt` ("Send at…"). */
const when = (sendAt: number | undefined) => (sendAt === undefined ? {} : { sendAt });
/** Queues a new post as the panel's speaker. */
export const sendPost = (body: string, sendAt?: number) =>
  sendMessage('enqueueWrite', { kind: 'post', body, ...speakerField(), ...when(sendAt) });
const sendReply = (postId: string, body: string, sendAt?: number) =>
  sendMessage('enqueueWrite', { kind: 'comment', postId, body, ...speakerField(), ...when(sendAt) });

export interface TimelineRowProps extends Omit<TimelineItemProps, 'replyOpen' | 'reply' | 'onToggleReply'> {
  boxes: ReplyBoxes;
  drafts: DraftStore;
  onReplyQueued: (postId: string, confirmation: string) => void;
}

/**
 * A post of the panel's timeline with its reply box: the row follows its own box, so opening or
 * closing one renders that row only (the list does not render again).
 */
export const TimelineRow = memo(function TimelineRow(props: TimelineRowProps) {
  const { boxes, drafts, onReplyQueued, ...post } = props;
  const { item } = post;
  const box = useReplyBox(boxes, item.id);
  const reply = box && (
    <ReplyComposer
      key={box.version}
      postId={item.id}
      authorName={authorOf(item)}
      drafts={drafts}
      send={sendReply}
      autoFocus={box.focus}
      onAutoFocused={() => boxes.focusTaken(item.id)}
      onQueued={onReplyQueued}
      onClose={boxes.close}
    />
  );
  return <TimelineItem {...post} replyOpen={box !== undefined} onToggleReply={boxes.toggle} reply={reply} />;
});
