import { t } from '@/lib/i18n';
import type { ReplyError } from '@/lib/messages/envelope';
import { errorText } from '@/lib/ui/error-text';

/** Under the loaded posts: loading more, the end, or why more could not load (with "Try again"). */
export function ListFooter(props: {
  loading: 'first' | 'more' | 'refresh' | null;
  end: boolean;
  moreError: ReplyError | null;
  onRetry: () => void;
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
  return (
    <div class="timeline-note" role="status">
      {props.loading === 'more' ? t('panelLoadingMore') : props.end ? t('panelEnd') : ''}
    </div>
  );
}
