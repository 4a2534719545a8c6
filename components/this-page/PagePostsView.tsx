import { PostCard, SaveButton } from '@/components/timeline/PostParts';
import { displayLocale, t } from '@/lib/i18n';
import type { PostView } from '@/lib/messages/fields';
import type { ReplyData } from '@/lib/messages/protocol';
import { exactTime } from '@/lib/ui/relative-time';

/** How far back the posts were looked through (lib/links/page-index.ts). */
export type PageReach = ReplyData<'readFurther'>;

/** What "This page" shows for the tab beside the panel. */
export type PagePostsState =
  | { kind: 'checking' }
  | { kind: 'ask'; refused: boolean }
  | { kind: 'no-page' }
  | { kind: 'loading' }
  | { kind: 'posts'; host: string; posts: PostView[]; reach: PageReach };

export interface PagePostsViewProps {
  state: PagePostsState;
  /** "Read further" is under way. */
  reading: boolean;
  /** Why the last "Read further" failed, in words. */
  readError: string | undefined;
  onAsk: () => void;
  onReadFurther: () => void;
  /** A post's Save toggle: whether it is saved, and the action (absent: no toggle). */
  save?: ((post: PostView) => { saved: boolean; onToggle: () => void }) | undefined;
}

/**
 * "This page": the posts already read that link to the page in the tab beside the panel, how far
 * back they were looked through, and "Read further". Before the `tabs` permission is held, why it
 * is asked for and a button that asks.
 */
export function PagePostsView(props: PagePostsViewProps) {
  const { state } = props;
  return (
    <section
      class="this-page"
      aria-labelledby="this-page-heading"
      aria-busy={props.reading || state.kind === 'loading'}
    >
      <h2 id="this-page-heading" class="timeline-title">
        {t('thisPageHeading')}
      </h2>
      {state.kind === 'ask' && (
        <div class="this-page-ask">
          <p>{t('thisPageAskIntro')}</p>
          <button type="button" onClick={props.onAsk}>
            {t('thisPageAsk')}
          </button>
          {state.refused && <p role="alert">{t('thisPageRefused')}</p>}
        </div>
      )}
      {state.kind === 'no-page' && <p class="this-page-note">{t('thisPageNoPage')}</p>}
      {state.kind === 'posts' && <Found {...props} state={state} />}
    </section>
  );
}

function Found(props: PagePostsViewProps & { state: Extract<PagePostsState, { kind: 'posts' }> }) {
  const { host, posts, reach } = props.state;
  return (
    <>
      {posts.length === 0 ? (
        <p class="this-page-note">{t('thisPageNone')}</p>
      ) : (
        <>
          <p class="this-page-note">{t('thisPageFound', host)}</p>
          <ul class="this-page-posts">
            {posts.map((post) => (
              <li key={post.id}>
                <LinkedPost post={post} save={props.save} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="this-page-reach" role="status">
        {reach.posts === 0
          ? t('thisPageReachNone')
          : t('thisPageReach', [
              reach.posts.toLocaleString(displayLocale()),
              reach.oldestAt === null ? '—' : exactTime(Date.parse(reach.oldestAt)),
            ])}{' '}
        {reach.end
          ? t('thisPageEnd')
          : reach.full
            ? t('thisPageFull', reach.posts.toLocaleString(displayLocale()))
            : ''}
      </p>
      {!reach.end && !reach.full && (
        <button
          type="button"
          class="this-page-further"
          aria-disabled={props.reading ? true : undefined}
          onClick={() => {
            if (!props.reading) props.onReadFurther();
          }}
        >
          {props.reading ? t('thisPageReading') : t('thisPageReadFurther')}
        </button>
      )}
      {props.readError !== undefined && (
        <p class="post-error" role="alert">
          {t('thisPageFailed', props.readError)}
        </p>
      )}
      <p class="this-page-local">{t('thisPageLocal')}</p>
    </>
  );
}

/** One post that links here, with its Save toggle when the panel offers one. */
function LinkedPost({ post, save }: { post: PostView; save: PagePostsViewProps['save'] }) {
  return (
    <PostCard post={post}>
      {save !== undefined && (
        <div class="post-actions">
          <SaveButton {...save(post)} />
        </div>
      )}
    </PostCard>
  );
}
