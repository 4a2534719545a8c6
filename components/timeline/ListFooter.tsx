import { t, tCount } from '@/lib/i18n';
import type { ReplyError } from '@/lib/messages/envelope';
import { errorText } from '@/lib/ui/error-text';

/**
 * Under the loaded posts: loading more, the end, why more could not load (with "Try again"), or
 * why paging waits: pages in a row came back with no new post ("Load more"), or the platform sent
 * the same page again (paging ends there, said in words). While a search is on, paging waits for
 * the user: the search looks at loaded posts only, and typing never sends a request.
 */
export function ListFooter(props: {
  loading: 'first' | 'more' | 'refresh' | null;
  end: boolean;
  stop: 'empty' | 'repeated' | null;
  emptyRun: number;
  moreError: ReplyError | null;
  /** A search is on. */
  searching?: boolean;
  /** The search or the mutes hide loaded posts (empty pages may have held posts, all hidden). */
  filtered?: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  // Why more could not load ("Try again"), or why paging waits for the user ("Load more").
  const asks =
    props.moreError !== null
      ? {
          alert: true,
          text: t('panelLoadMoreFailed', errorText(props.moreError)),
          label: t('panelRetry'),
          act: props.onRetry,
        }
      : props.loading === null && props.stop === 'empty'
        ? {
            alert: false,
            text: props.filtered
              ? tCount('panelThinPagesHidden', props.emptyRun)
              : tCount('panelThinPages', props.emptyRun),
            label: t('panelLoadMore'),
            act: props.onLoadMore,
          }
        : props.loading === null && props.searching && !props.end
          ? { alert: false, text: t('panelSearchLoadedOnly'), label: t('panelSearchOlder'), act: props.onLoadMore }
          : undefined;
  if (asks !== undefined) {
    return (
      <div class={asks.alert ? 'timeline-note error' : 'timeline-note'} role={asks.alert ? 'alert' : 'status'}>
        <p>{asks.text}</p>
        <button type="button" onClick={asks.act}>
          {asks.label}
        </button>
      </div>
    );
  }
  const words =
    props.loading === 'more'
      ? t('panelLoadingMore')
      : props.stop === 'repeated'
        ? t('panelRepeatedCursor')
        : props.end
          ? t('panelEnd')
          : '';
  return (
    <div class="timeline-note" role="status">
      {words}
    </div>
  );
}
