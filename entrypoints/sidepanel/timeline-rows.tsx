import { ReplyComposer } from '@/entrypoints/sidepanel/ReplyComposer';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { speakerField } from './state/speaker';
import type { ReplyBoxes } from './state/use-reply-boxes';

const sendReply = (postId: string, body: string, sendAt?: number) =>
  sendMessage('enqueueWrite', {
    kind: 'comment',
    postId,
    body,
    ...speakerField(),
    ...(sendAt === undefined ? {} : { sendAt }),
  });

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
      authorName={item.author?.displayName || item.author?.handle || t('panelUnknownAuthor')}
      drafts={drafts}
      send={sendReply}
      autoFocus={boxes.wantsFocus(item.id)}
      onQueued={onQueued}
      onClose={boxes.close}
    />
  );
}

/** The map without `key` (the same map when it had none). */
export function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}
