import { t, tCount } from '@/lib/i18n';
import type { WriteStage } from '@/lib/messages/post-writes';

export interface ReactionButtonProps {
  /** Unique on the page: ties the button to its description. */
  id: string;
  /** The button's name: the kind's label ("Well sourced"). */
  label: string;
  /** How many the platform counted, when it tells. */
  count: number | undefined;
  /** The user's own reaction of this kind: on its way, done, or not sent. */
  mark: WriteStage | undefined;
  onReact: () => void;
}

const MARK_WORDS = {
  pending: 'panelReactionPending',
  sent: 'panelReactionSent',
  problem: 'panelReactionProblem',
} as const;

/**
 * One reaction kind: named by its label alone; the count and the user's own state are its
 * description. Pending shows at once (optimistic) and settles with the Outbox; a pending or placed
 * reaction cannot be placed twice (the API has no way to take one back, and a second is a no-op).
 */
export function ReactionButton({ id, label, count, mark, onReact }: ReactionButtonProps) {
  const done = mark === 'pending' || mark === 'sent';
  const description = [
    count === undefined ? null : tCount('panelReactionCount', count),
    mark === undefined ? null : t(MARK_WORDS[mark]),
  ]
    .filter((part) => part !== null)
    .join(', ');
  return (
    <>
      <button
        type="button"
        class={`reaction ${mark ?? ''}`}
        aria-disabled={done ? true : undefined}
        aria-describedby={description === '' ? undefined : `${id}-desc`}
        onClick={() => {
          if (!done) onReact();
        }}
      >
        <span class="reaction-mark" aria-hidden="true">
          {mark === 'sent' ? '✓' : mark === 'pending' ? '…' : mark === 'problem' ? '!' : '+'}
        </span>
        {label}
        {count !== undefined && (
          <span class="reaction-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {description !== '' && (
        <span id={`${id}-desc`} class="visually-hidden">
          {description}
        </span>
      )}
    </>
  );
}
