import {
  isHeld,
  type PostStateView,
  reactionViews,
  type WriteStatus,
  type WriteView,
} from '@/lib/messages/post-writes';
import { type BarParts, REPLY } from './bar-env';
import { t } from './say';
import { markOf, stateWords } from './words';

/** What a drawn bar shows, from its post's state and what the user last did there. */
export interface BarShows {
  state: PostStateView | undefined;
  /** The kind the user last reacted with, or `REPLY`. */
  lastAction: string | undefined;
  /** A note that replaces the status line (a refusal, "undone"). */
  note: { text: string; bad: boolean } | undefined;
  /** A kind's label, or "Reply". */
  labelOf: (what: string) => string;
  now: number;
}

/**
 * Brings a drawn bar's parts in line with what it shows, touching only what changed (a bar
 * redraws every second while it counts down). Answers whether a countdown is showing.
 */
export function drawBar(parts: BarParts, shows: BarShows): { counting: boolean } {
  const views = reactionViews(shows.state);
  for (const [kind, button] of parts.reactButtons) {
    const view = views.get(kind);
    button.setAttribute('aria-pressed', String(view?.status === 'sent'));
    const mark = button.lastElementChild;
    if (mark !== null && mark.textContent !== markOf(view)) mark.textContent = markOf(view);
  }
  const line = statusLine(views, shows);
  if (parts.status.textContent !== (line?.text ?? '')) parts.status.textContent = line?.text ?? '';
  parts.status.classList.toggle('bad', line?.bad ?? false);
  const { lastAction, now } = shows;
  const lastView = lastAction === undefined || lastAction === REPLY ? undefined : views.get(lastAction);
  parts.undoButton.hidden = shows.note !== undefined || !isHeld(lastView, now);
  const counting = [...views.values(), shows.state?.replies.latest].some(
    (view) => view?.status === 'waiting' || isHeld(view, now),
  );
  return { counting };
}

/** What the status line says: a note, else the state of what the user last did, else anything that needs attention. */
function statusLine(views: Map<string, WriteView>, shows: BarShows): { text: string; bad: boolean } | undefined {
  if (shows.note !== undefined) return shows.note;
  const viewOf = (what: string) => (what === REPLY ? shows.state?.replies.latest : views.get(what));
  const attention: WriteStatus[] = ['failed', 'waiting', 'uncertain'];
  const candidates = [...views.keys(), REPLY];
  const what = shows.lastAction ?? candidates.find((c) => attention.includes(viewOf(c)?.status ?? 'sent'));
  const view = what === undefined ? undefined : viewOf(what);
  if (what === undefined || view === undefined) return undefined;
  return { text: t('barStatus', [shows.labelOf(what), stateWords(view, shows.now)]), bad: view.status === 'failed' };
}
