import { t } from '@/lib/i18n';
import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import { type AccountRecord, originOf } from '@/lib/storage/accounts';
import type { SavedPostsBook } from '@/lib/storage/saved-book';
import { MAX_SAVED_POSTS } from '@/lib/storage/saved-limits';

/** The handlers of the Saved list (the rest of the table: handlers.ts). Extension pages only. */
export function savedHandlers(deps: {
  saved: SavedPostsBook;
  resolve: (account?: string) => Promise<AccountRecord>;
}): Pick<Handlers, 'savePost' | 'unsavePost' | 'listSavedPosts' | 'importSavedPosts'> {
  const { saved, resolve } = deps;
  return {
    savePost: async ({ post, account }) => {
      // The platform is the one the page read the post from: its account's, never the page's word.
      const entry = { ...post, source: originOf(await resolve(account)), savedAt: Date.now() };
      if ((await saved.save(entry)) === 'full') {
        throw new MessageError('not_allowed', t('savedFull', MAX_SAVED_POSTS.toLocaleString()));
      }
      return entry;
    },
    unsavePost: async ({ key }) => {
      await saved.remove(key);
      return null;
    },
    listSavedPosts: () => saved.list(),
    importSavedPosts: ({ posts }) => saved.merge(posts),
  };
}
