import { authorOf } from '@/components/timeline/PostParts';
import { ReplyComposer } from '@/entrypoints/sidepanel/ReplyComposer';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import type { PostView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { lazy } from '@/lib/ui/lazy';
import { speakerField } from './state/speaker';
import type { ReplyBoxes } from './state/use-reply-boxes';

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

/** The inline reply composer of a post whose reply box is open. */
export function replyBox(
  item: PostView,
  boxes: ReplyBoxes,
  drafts: DraftStore,
  onQueued: (postId: string, confirmation: string) => void,
) {
  if (!boxes.isOpen(item.id)) return undefined;
  return (
    <ReplyComposer
      key={boxes.version(item.id)}
      postId={item.id}
      authorName={authorOf(item)}
      drafts={drafts}
      send={sendReply}
      autoFocus={boxes.wantsFocus(item.id)}
      onQueued={onQueued}
      onClose={boxes.close}
    />
  );
}
