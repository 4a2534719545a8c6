import type { ComponentChildren } from 'preact';
import { RelativeTime } from '@/components/common/RelativeTime';
import { t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import { isHttpUrl, splitLinks } from '@/lib/ui/text-links';

/**
 * A post's time, relative, linked to the post on the platform when the API gave a web address
 * (opened in a new tab, without an opener); nothing when the post has no time.
 */
export function PostTime({ post, id }: { post: Pick<PostView, 'createdAt' | 'url'>; id?: string }) {
  if (post.createdAt === undefined) return null;
  const time = <RelativeTime iso={post.createdAt} id={id} />;
  return (
    <span class="post-time">
      {isHttpUrl(post.url) ? (
        <a href={post.url} target="_blank" rel="noopener noreferrer">
          {time}
        </a>
      ) : (
        time
      )}
    </span>
  );
}

/** A post's text as plain text, its addresses made links that open in a new tab without an opener. */
export function PostBody({ body, id }: { body: string | undefined; id?: string }) {
  return (
    <p id={id} class="post-body" dir="auto">
      {splitLinks(body ?? '').map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** Who wrote a post, in words: the name, else the handle, else "unknown". */
export function authorOf(post: Pick<PostView, 'author'>): string {
  return post.author?.displayName || post.author?.handle || t('panelUnknownAuthor');
}

/**
 * A post shown on its own ("This page", Saved): author, time and text (links open in a new tab,
 * without an opener), then what the user can do with it (`children`).
 */
export function PostCard(props: {
  post: Pick<PostView, 'id' | 'author' | 'body' | 'createdAt' | 'url'>;
  children?: ComponentChildren;
}) {
  const { post } = props;
  const author = authorOf(post);
  return (
    <article class="post" data-post-id={post.id} aria-label={author}>
      <header class="post-head">
        <span class="post-author">{author}</span>
        <PostTime post={post} />
      </header>
      <PostBody body={post.body} />
      {props.children}
    </article>
  );
}

/** A post's Save toggle (a star): pressed while the post is in the Saved list. */
export function SaveButton(props: { saved: boolean; onToggle: () => void; id?: string }) {
  return (
    <button
      type="button"
      id={props.id}
      class="save-toggle"
      aria-pressed={props.saved}
      // Drawn unpressed by the side panel's picture of its first screen: the Saved list comes later.
      data-opens-unpressed="☆"
      aria-label={t('savedSave')}
      title={props.saved ? t('savedSavedTitle') : t('savedSave')}
      onClick={props.onToggle}
    >
      <span aria-hidden="true">{props.saved ? '★' : '☆'}</span>
    </button>
  );
}
