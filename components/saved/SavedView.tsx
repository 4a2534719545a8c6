import { useEffect, useRef } from 'preact/hooks';
import { authorOf, PostCard } from '@/components/timeline/PostParts';
import { displayLocale, t } from '@/lib/i18n';
import { MAX_SAVED_POSTS, savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';

export interface SavedViewProps {
  /** Newest saved first; undefined until the list came. */
  posts: readonly SavedPost[] | undefined;
  /** Why the last removal failed, in words. */
  error: string | undefined;
  /** Said to screen readers after a removal. */
  announcement: string;
  onRemove: (post: SavedPost) => void;
  onBack: () => void;
}

/**
 * The Saved list: the posts the user saved, newest first, each shown as it was saved (no network
 * needed) with Remove. Takes focus when it opens; after a removal, focus goes to the next post's
 * Remove (else the heading); Escape or "Back" returns to the timeline.
 */
export function SavedView(props: SavedViewProps) {
  const { posts } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | undefined>(undefined);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const at = removedAt.current;
    if (at === undefined) return;
    removedAt.current = undefined;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.saved-remove');
    const next = buttons?.[Math.min(at, buttons.length - 1)];
    (next ?? heading.current)?.focus();
  }, [posts]);
  // A removal that failed moves nothing: the focus stays on its button.
  useEffect(() => {
    if (props.error !== undefined) removedAt.current = undefined;
  }, [props.error]);
  return (
    <section
      class="saved"
      aria-labelledby="saved-heading"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        props.onBack();
      }}
    >
      <div class="saved-bar">
        <h2 id="saved-heading" class="timeline-title" tabIndex={-1} ref={heading}>
          {t('savedHeading')}
        </h2>
        <button type="button" class="saved-back" onClick={props.onBack}>
          <span aria-hidden="true">← </span>
          {t('savedBack')}
        </button>
      </div>
      {posts !== undefined && posts.length === 0 && <p class="this-page-note">{t('savedEmpty')}</p>}
      {posts !== undefined && posts.length > 0 && (
        <ul class="this-page-posts saved-posts" ref={list}>
          {posts.map((post, index) => (
            <li key={savedKey(post)}>
              <PostCard post={post}>
                <div class="post-actions">
                  <button
                    type="button"
                    class="saved-remove"
                    aria-label={t('savedRemoveLabel', authorOf(post))}
                    onClick={() => {
                      removedAt.current = index;
                      props.onRemove(post);
                    }}
                  >
                    {t('savedRemove')}
                  </button>
                </div>
              </PostCard>
            </li>
          ))}
        </ul>
      )}
      {props.error !== undefined && (
        <p class="post-error" role="alert">
          {props.error}
        </p>
      )}
      <p class="this-page-local">{t('savedLocal', MAX_SAVED_POSTS.toLocaleString(displayLocale()))}</p>
      <p class="visually-hidden" role="status">
        {props.announcement}
      </p>
    </section>
  );
}
