import { RelativeTime } from '@/components/common/RelativeTime';
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
