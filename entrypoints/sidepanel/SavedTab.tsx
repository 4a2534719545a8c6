import { useState } from 'preact/hooks';
import { SavedView } from '@/components/saved/SavedView';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { savedKey } from '@/lib/storage/saved-limits';
import type { SavedPost } from '@/lib/storage/saved-posts';
import { errorText } from '@/lib/ui/error-text';
import { useSaved } from '@/lib/ui/page-store';

/**
 * The side panel's Saved list: drawn from the page's store (the background pushes each change),
 * removals asked of the background (`unsavePost`). Its code loads when first shown.
 */
export function SavedTab(props: { onBack: () => void }) {
  const posts = useSaved();
  const [error, setError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const remove = async (post: SavedPost) => {
    setError(undefined);
    const reply = await sendMessage('unsavePost', { key: savedKey(post) });
    if (reply.ok) setAnnouncement(t('savedRemoved'));
    else setError(t('savedFailed', errorText(reply.error)));
  };
  return (
    <SavedView
      posts={posts}
      error={error}
      announcement={announcement}
      onRemove={(post) => void remove(post)}
      onBack={props.onBack}
    />
  );
}
