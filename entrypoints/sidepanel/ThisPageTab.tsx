import { useCallback, useEffect, useState } from 'preact/hooks';
import { type PagePostsState, PagePostsView } from '@/components/this-page/PagePostsView';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { useStatus } from '@/lib/ui/page-store';
import { readerField } from './state/speaker';
import { useCurrentPage, useTabsPermission } from './state/use-current-page';
import { useSaveToggles } from './state/use-saved';

/** The host a page is shown by (never sent anywhere). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * The side panel's "This page" tab: the tab's address (with the optional `tabs` permission) goes
 * to the background, which matches it against the posts it has read (getPagePosts); "Read further"
 * reads more timeline pages with the cursor only. Asked again when the tab is shown (the timeline
 * may have read more meanwhile), when the tab's page changes, and after reading further.
 */
export function ThisPageTab({ shown }: { shown: boolean }) {
  const { granted, ask } = useTabsPermission();
  const [refused, setRefused] = useState(false);
  const url = useCurrentPage(granted === true);
  const [state, setState] = useState<PagePostsState>({ kind: 'checking' });
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | undefined>(undefined);
  const save = useSaveToggles(useStatus());

  const lookUp = useCallback(async (address: string) => {
    const reply = await sendMessage('getPagePosts', { url: address, ...readerField() });
    if (reply.ok) setState({ kind: 'posts', host: hostOf(address), ...reply.data });
    else
      setState({
        kind: 'posts',
        host: hostOf(address),
        posts: [],
        reach: { posts: 0, oldestAt: null, end: false, full: false },
      });
  }, []);

  useEffect(() => {
    if (granted === undefined) setState({ kind: 'checking' });
    else if (!granted) setState({ kind: 'ask', refused });
    else if (url === undefined) setState({ kind: 'loading' });
    else if (url === null) setState({ kind: 'no-page' });
    else if (shown) void lookUp(url);
  }, [granted, refused, url, shown, lookUp]);

  const onAsk = async () => {
    setRefused(!(await ask()));
  };
  const onReadFurther = async () => {
    setReading(true);
    setReadError(undefined);
    const reply = await sendMessage('readFurther', { ...readerField() });
    if (!reply.ok) setReadError(errorText(reply.error));
    if (typeof url === 'string') await lookUp(url);
    setReading(false);
  };
  return (
    <PagePostsView
      state={state}
      reading={reading}
      readError={readError}
      onAsk={() => void onAsk()}
      onReadFurther={() => void onReadFurther()}
      save={save}
    />
  );
}
