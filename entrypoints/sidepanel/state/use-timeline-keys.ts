import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { domId } from '@/components/timeline/TimelineItem';
import type { VirtualListHandle } from '@/components/timeline/VirtualList';
import { t } from '@/lib/i18n';
import type { KeyMap } from '@/lib/storage/keymap';
import type { ReactionKind } from '@/lib/storage/reaction-kinds';
import { useSettings } from '@/lib/ui/page-store';
import { type TimelineKeyAction, timelineKeyAction } from '@/lib/ui/timeline-keys';
import type { ReplyBoxes } from './use-reply-boxes';

/** What the shortcuts act on. */
export interface TimelineKeyTargets {
  /** The timeline's element: keys count only while it is shown (not under the Outbox tab). */
  root: RefObject<HTMLElement | null>;
  list: RefObject<VirtualListHandle | null>;
  search: RefObject<HTMLInputElement | null>;
  /** Opens the reply box of a post and puts the caret in it. */
  reply(postId: string): void;
  /** Reacts to a post with the kind at `index` (from 0); answers the kind's label, or undefined when it did not. */
  react(postId: string, index: number): string | undefined;
  /** Saves a post or takes it out of Saved (its own star); answers whether it could. */
  save(postId: string): boolean;
  /** Shows the list of shortcuts. */
  help(): void;
}

/**
 * `r`, `1`–`9` and `s` as the panel does them: reply opens the post's box (or goes back into it); a
 * reaction presses the post's own button, so it does exactly what a click does (a reaction already
 * placed or on its way is not placed again), and is announced; `s` presses the post's star, announced.
 */
export function keyActions(
  boxes: ReplyBoxes,
  kinds: readonly ReactionKind[] | undefined,
  announce: (words: string) => void,
): Pick<TimelineKeyTargets, 'reply' | 'react' | 'save'> {
  return {
    reply: (postId) => {
      if (!boxes.isOpen(postId)) boxes.open(postId, true);
      else
        document
          .getElementById(`${domId(postId)}-reply`)
          ?.querySelector('textarea')
          ?.focus();
    },
    react: (postId, index) => {
      const kind = kinds?.[index];
      const article = document.getElementById(`${domId(postId)}-reply-toggle`)?.closest('article');
      const button = kind && article?.querySelectorAll<HTMLButtonElement>('.reactions button.reaction')[index];
      if (!kind || !button || button.getAttribute('aria-disabled') === 'true') return undefined;
      button.click();
      announce(t('panelKeyReacted', kind.label));
      return kind.label;
    },
    save: (postId) => {
      const star = document.getElementById(`${domId(postId)}-save`);
      if (star === null) return false;
      const wasSaved = star.getAttribute('aria-pressed') === 'true';
      star.click();
      announce(t(wasSaved ? 'savedRemoved' : 'savedAdded'));
      return true;
    },
  };
}

/** The post (its `article`) that holds the focus, if any, and its row. */
function focusedPost(target: EventTarget | null): { id: string; index: number } | undefined {
  const el = target instanceof Element ? target : null;
  const article = el?.closest<HTMLElement>('article[data-post-id]');
  const row = article?.closest<HTMLElement>('[data-index]');
  if (!article || !row || article.dataset.postId === undefined) return undefined;
  return { id: article.dataset.postId, index: Number(row.dataset.index) };
}

/** Runs one action; answers whether it did something (then the key's default is prevented). */
function run(action: TimelineKeyAction, targets: TimelineKeyTargets, target: EventTarget | null): boolean {
  const post = focusedPost(target);
  const list = targets.list.current;
  switch (action.type) {
    case 'search':
      targets.search.current?.focus();
      return true;
    case 'help':
      targets.help();
      return true;
    case 'next':
    case 'previous': {
      if (list === null) return false;
      const step = action.type === 'next' ? 1 : -1;
      // From the focused post to its neighbour; from nowhere, to the first post in view.
      list.focusRow(post === undefined ? list.firstVisible() : Math.max(0, post.index + step));
      return true;
    }
    case 'reply':
      if (post === undefined) return false;
      targets.reply(post.id);
      return true;
    case 'react':
      return post !== undefined && targets.react(post.id, action.index) !== undefined;
    case 'save':
      return post !== undefined && targets.save(post.id);
  }
}

/**
 * The timeline's single-key shortcuts (lib/ui/timeline-keys.ts) on the user's keys (the settings;
 * by default `j`/`k` move between posts, `r` replies, `1`–`9` react, `/` searches, `?` lists them). One listener on the document, so `/` and
 * `?` work wherever the focus is in the timeline; keys typed into a text field are left alone, and
 * nothing happens while a dialog is open or the Outbox tab is shown.
 */
export function useTimelineKeys(targets: TimelineKeyTargets): void {
  const latest = useRef(targets);
  latest.current = targets;
  const keys = useRef<KeyMap | undefined>(undefined);
  keys.current = useSettings()?.keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = latest.current.root.current;
      if (root === null || root.closest('[hidden]') !== null || document.querySelector('dialog[open]') !== null) return;
      const action = timelineKeyAction(event, keys.current);
      if (action !== undefined && run(action, latest.current, event.target)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
