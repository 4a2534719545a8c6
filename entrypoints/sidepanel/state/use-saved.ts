import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { savedKey } from '@/lib/storage/saved-limits';
import { errorText } from '@/lib/ui/error-text';
import { type Status, useSaved } from '@/lib/ui/page-store';
import { toSavedFields } from '@/lib/ui/saved-fields';
import { readerField } from './speaker';

/** A post's Save toggle, as the timeline and "This page" draw it. */
export interface SaveToggle {
  saved: boolean;
  onToggle: () => void;
  /** Why the last save or removal of this post failed, in words. */
  error?: string | undefined;
}

/** The platform the panel reads now: the chosen account's when it reads another platform, else the default's. */
function readingFrom(status: Status | undefined): string | undefined {
  const id = readerField().account ?? status?.defaultAccount;
  return status?.accounts.find((account) => account.id === id)?.origin;
}

/**
 * The Save toggles of the posts the panel shows: a post is saved when the Saved list (pushed into
 * the page's store) holds its id from the platform the panel reads. A toggle asks the background;
 * the push that follows redraws it.
 */
export function useSaveToggles(status: Status | undefined): (post: PostView) => SaveToggle {
  const saved = useSaved();
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const source = readingFrom(status);
  const keys = useMemo(() => new Set((saved ?? []).map(savedKey)), [saved]);
  const toggle = useCallback(
    async (post: PostView, isSaved: boolean) => {
      const reply =
        isSaved && source !== undefined
          ? await sendMessage('unsavePost', { key: savedKey({ source, id: post.id }) })
          : await sendMessage('savePost', { post: toSavedFields(post), ...readerField() });
      setErrors((before) => {
        const after = new Map(before);
        if (reply.ok) after.delete(post.id);
        else after.set(post.id, t('savedFailed', errorText(reply.error)));
        return after;
      });
    },
    [source],
  );
  // The same toggle object for a post while nothing it holds changed, so its row need not render
  // again; a new action (another platform read) starts afresh.
  const made = useRef({ toggle, byPost: new WeakMap<PostView, SaveToggle>() });
  if (made.current.toggle !== toggle) made.current = { toggle, byPost: new WeakMap() };
  const { byPost } = made.current;
  return (post) => {
    const isSaved = source !== undefined && keys.has(savedKey({ source, id: post.id }));
    const error = errors.get(post.id);
    const last = byPost.get(post);
    if (last !== undefined && last.saved === isSaved && last.error === error) return last;
    const next = { saved: isSaved, onToggle: () => void toggle(post, isSaved), error };
    byPost.set(post, next);
    return next;
  };
}
