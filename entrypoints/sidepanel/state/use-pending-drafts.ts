import { useEffect, useRef } from 'preact/hooks';
import { type DraftStore, replyDraftKey } from '@/entrypoints/sidepanel/state/drafts';
import { appendDraft } from '@/entrypoints/sidepanel/state/pending-draft';
import { t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { usePendingDraft } from '@/lib/ui/page-store';

export interface PendingDraftsOptions {
  /** The first page has loaded (or failed): whether a replied-to post is loaded can be told. */
  ready: boolean;
  items: readonly PostView[];
  drafts: DraftStore;
  /** Put this text in the new-post box, with a note. */
  onPost: (text: string, note: string) => void;
  /** Open the reply box of the post at `index` (its draft already holds the text). */
  onReply: (postId: string, index: number) => void;
}

/**
 * Applies drafts handed over by the background (context menu "Post this quote", "Reply…" on a
 * page): the page's store hears of a waiting one in a push (at once when the panel opens, and
 * whenever a new one arrives while it is open), and the panel takes it (`takePendingDraft`: once,
 * whichever panel asks first). A post draft goes to the new-post box; a reply draft to that post's
 * reply box when the post is loaded, else to the new-post box with a note. Handed-over text is
 * added to a draft, never replaces it.
 */
export function usePendingDrafts(options: PendingDraftsOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const { ready } = options;
  const waiting = usePendingDraft();
  useEffect(() => {
    if (!ready || waiting === null || waiting === undefined) return;
    void (async () => {
      // Added to the stored drafts, never in their place: wait until they are read.
      await new Promise<void>((resolve) => latest.current.drafts.whenLoaded(resolve));
      // Once taken, a draft is applied even if the effect ended meanwhile: it is in no store any more.
      const reply = await sendMessage('takePendingDraft');
      const draft = reply.ok ? reply.data : null;
      if (draft === null) return;
      const { drafts, items, onPost, onReply } = latest.current;
      const index = draft.kind === 'reply' ? items.findIndex((item) => item.id === draft.postId) : -1;
      if (draft.kind === 'reply' && index !== -1) {
        const key = replyDraftKey(draft.postId);
        drafts.set(key, appendDraft(drafts.get(key), draft.text));
        onReply(draft.postId, index);
      } else {
        const note = draft.kind === 'reply' ? t('panelDraftReplyNotLoaded') : t('panelDraftAdded');
        onPost(appendDraft(drafts.get('post'), draft.text), note);
      }
    })();
  }, [ready, waiting]);
}
