import { t } from '@/lib/i18n';
import type { MuteReason } from '@/lib/ui/timeline-filter';

/** At the top of a muted post shown anyway: why it is hidden, and a button to unmute. */
export function MutedNote(props: {
  reason: MuteReason;
  onMuteAuthor?: ((handle: string, muted: boolean) => void) | undefined;
  onUnmuteWord?: ((word: string) => void) | undefined;
}) {
  const { reason } = props;
  const author = reason.kind === 'author';
  return (
    <p class="post-muted">
      {author ? t('panelMutedAuthorNote', reason.handle) : t('panelMutedWordNote', reason.word)}{' '}
      <button
        type="button"
        class="link-button"
        onClick={() => (author ? props.onMuteAuthor?.(reason.handle, false) : props.onUnmuteWord?.(reason.word))}
      >
        {author ? t('panelUnmuteAuthor', reason.handle) : t('panelUnmuteWord', reason.word)}
      </button>
    </p>
  );
}
