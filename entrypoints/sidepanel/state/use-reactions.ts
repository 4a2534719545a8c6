import { useCallback, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { without } from '@/lib/ui/read-only-map';
import { speakerField } from './speaker';

/**
 * Reacting to a post from the timeline: the reaction is shown pending at once (`markPending`) and
 * queued as the panel's speaker; when it could not be queued, the mark goes and the post says why.
 * `onReact` keeps its identity while the marks' functions do (they never change).
 */
export function useReactions(
  markPending: (postId: string, kind: string) => void,
  unmarkPending: (postId: string, kind: string) => void,
): { reactErrors: ReadonlyMap<string, string>; onReact(postId: string, kind: string): Promise<void> } {
  const [reactErrors, setReactErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const onReact = useCallback(
    async (postId: string, kind: string) => {
      markPending(postId, kind);
      setReactErrors((errors) => without(errors, postId));
      const reply = await sendMessage('enqueueWrite', { kind: 'reaction', postId, reaction: kind, ...speakerField() });
      if (reply.ok) return;
      unmarkPending(postId, kind);
      setReactErrors((errors) => new Map(errors).set(postId, t('panelReactionFailed', errorText(reply.error))));
    },
    [markPending, unmarkPending],
  );
  return { reactErrors, onReact };
}
