import { t } from '@/lib/i18n';
import type { WriteRequest } from '@/lib/queue/types';
import { excerpt } from '@/lib/ui/outbox-groups';
import { lateWords } from '@/lib/ui/send-at';
import type { Notice } from './notifications';

/**
 * How much of a post or reply a notification shows: enough to know which write it is, little
 * enough for a screen others may see (docs/decisions.md, "Notifications").
 */
const NOTICE_EXCERPT = 60;
/** The longest disabled-key reason shown (the server's words). */
const MAX_REASON = 200;

/** What the notice's words need to know beyond the notice. */
export interface NoticeNames {
  /** The account's name (for a disabled key); undefined when it is gone. */
  account?: string;
  /** The label of a reaction kind ("Well sourced" for `well_sourced`). */
  reactionLabel: (kind: string) => string;
}

/** A write in a few words: "Post: “…”", "Reply: “…”", "Reaction: Well sourced". */
function whatWords(request: WriteRequest, reactionLabel: (kind: string) => string): string {
  switch (request.kind) {
    case 'post':
      return t('notifyWhatPost', excerpt(request.body, NOTICE_EXCERPT));
    case 'comment':
      return t('notifyWhatReply', excerpt(request.body, NOTICE_EXCERPT));
    case 'reaction':
      return t('notifyWhatReaction', reactionLabel(request.reaction));
  }
}

/** A notification's title and text. A summary says how many, and where to look. */
export function noticeWords(notice: Notice, names: NoticeNames): { title: string; message: string } {
  const { latest, count } = notice;
  if (count > 1) {
    const many =
      notice.kind === 'landed'
        ? 'notifyLandedMany'
        : notice.kind === 'trouble'
          ? 'notifyTroubleMany'
          : 'notifyDisabledMany';
    return { title: t(many, String(count)), message: t('notifyOpenOutbox') };
  }
  if (notice.kind === 'disabled') {
    const reason = latest.reason?.trim().slice(0, MAX_REASON);
    return {
      title: t('notifyDisabledTitle', names.account ?? latest.account),
      message: reason === undefined || reason === '' ? t('notifyDisabledNoReason') : reason,
    };
  }
  const what = latest.request === undefined ? '' : whatWords(latest.request, names.reactionLabel);
  if (notice.kind === 'landed' && latest.scheduledLateMs !== undefined) {
    const late = latest.scheduledLateMs;
    return {
      title: late > 0 ? t('notifyScheduledLateTitle', lateWords(late)) : t('notifyScheduledTitle'),
      message: what,
    };
  }
  if (notice.kind === 'landed') {
    const minutes = Math.max(1, Math.round((latest.waitedMs ?? 0) / 60_000));
    return { title: t('notifyLandedTitle', String(minutes)), message: what };
  }
  return { title: t(latest.status === 'uncertain' ? 'notifyUncertainTitle' : 'notifyFailedTitle'), message: what };
}
