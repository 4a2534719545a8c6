import { useLayoutEffect, useRef } from 'preact/hooks';
import { Composer } from '@/components/timeline/Composer';
import { domId } from '@/components/timeline/TimelineItem';
import { type DraftStore, replyDraftKey } from '@/entrypoints/sidepanel/state/drafts';
import { useDraftComposer } from '@/entrypoints/sidepanel/state/use-draft-composer';
import { t } from '@/lib/i18n';
import type { Reply } from '@/lib/messages/envelope';

export interface ReplyComposerProps {
  postId: string;
  /** Who the reply answers (for the placeholder). */
  authorName: string;
  drafts: DraftStore;
  send: (postId: string, body: string, sendAt?: number) => Promise<Reply<'enqueueWrite'>>;
  /** Put the caret in the box when it appears (it was opened just now, not restored). */
  autoFocus: boolean;
  /** The caret was put in the box (`autoFocus`): it is not to be put there again on a later mount. */
  onAutoFocused?: () => void;
  /** The reply is in the Outbox (queued or scheduled): the words that say so. */
  onQueued: (postId: string, confirmation: string) => void;
  onClose: (postId: string) => void;
}

/** The inline reply box under a post: textbox "Reply", button "Send reply", its own draft. */
export function ReplyComposer(props: ReplyComposerProps) {
  const { postId, drafts, send, onQueued } = props;
  const composer = useDraftComposer(
    drafts,
    replyDraftKey(postId),
    (body, sendAt) => send(postId, body, sendAt),
    t('panelReplyQueued'),
    (confirmation) => onQueued(postId, confirmation),
  );
  const textarea = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    if (!props.autoFocus) return;
    textarea.current?.focus();
    props.onAutoFocused?.();
  }, []);
  return (
    <Composer
      id={`${domId(postId)}-reply`}
      label={t('panelReplyLabel')}
      submitLabel={t('panelSendReply')}
      placeholder={t('panelReplyPlaceholder', props.authorName)}
      showLabel={false}
      textareaRef={textarea}
      value={composer.value}
      busy={composer.busy}
      message={composer.message}
      onInput={composer.onInput}
      onSubmit={() => void composer.onSubmit()}
      onEscape={() => props.onClose(postId)}
      sendAt={composer.sendAt}
      onSendAt={composer.onSendAt}
    />
  );
}
