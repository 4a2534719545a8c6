import { t } from '@/lib/i18n';
import type { ReplyError } from '@/lib/messages/envelope';
import { errorText } from '@/lib/ui/error-text';

/**
 * Under the loaded posts: loading more, the end, why more could not load (with "Try again"), or
 * why paging waits: pages in a row came back with no new post ("Load more"), or the platform sent
 * the same page again (paging ends there, said in words).
 */
export function ListFooter(props: {
  loading: 'first' | 'more' | 'refresh' | null;
  end: boolean;
  stop: 'empty' | 'repeated' | null;
  emptyRun: number;
  moreError: ReplyError | null;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  if (props.moreError !== null) {
    return (
      <div class="timeline-note error" role="alert">
        <p>{t('panelLoadMoreFailed', errorText(props.moreError))}</p>
        <button type="button" onClick={props.onRetry}>
          {t('panelRetry')}
        </button>
      </div>
    );
  }
  if (props.loading === null && props.stop === 'empty') {
    return (
      <div class="timeline-note" role="status">
        <p>{t('panelThinPages', String(props.emptyRun))}</p>
        <button type="button" onClick={props.onLoadMore}>
          {t('panelLoadMore')}
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
