import { t, tCount } from '@/lib/i18n';
/** Newer posts found above the loaded ones, as the banner needs them. */
export interface NewerPosts {
  items: readonly unknown[];
  /** False when there may be more than one page of them. */
  complete: boolean;
}

/** "N new posts": newer posts were found above the loaded ones; pressing it shows them. */
export function NewPostsBanner({ newer, onShow }: { newer: NewerPosts | null; onShow: () => void }) {
  // The live region stays mounted so the button's appearance is announced.
  return (
    <div class="new-posts" role="status">
      {newer !== null && newer.items.length > 0 && (
        <button type="button" class="new-posts-button" onClick={onShow}>
          <span aria-hidden="true">↑ </span>
          {newPostsText(newer)}
        </button>
      )}
    </div>
  );
}

/** "1 new post", "5 new posts", "20+ new posts" (when there may be more than one page). */
export function newPostsText(newer: NewerPosts): string {
  const count = newer.items.length;
  if (!newer.complete) return t('panelNewPostsMore', String(count));
  return tCount('panelNewPostsMany', count);
}
