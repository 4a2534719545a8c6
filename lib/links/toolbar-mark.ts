/**
 * The toolbar button of one tab when posts read so far link to the tab's page ("This page", found
 * locally: the address never leaves the browser). Pure: the background draws it per tab.
 *
 * The badge's colour stays the Outbox's (a tab's own colour cannot be given back to the button's in
 * Chromium), so the mark is told apart by its text: a dot before the count ("•3"). Writes waiting
 * keep the badge (their count or "!"), and the title then says both.
 */
export interface TabMark {
  /** Badge text for the tab, or `null`: the button's own (the Outbox's). */
  text: string | null;
  title: string;
}

/** The words the mark is made of (the background passes the browser's language). */
export interface TabMarkWords {
  /** The extension's name: the button's title when the page has no posts. */
  name: string;
  /** "3 posts read link to this page". */
  posts(count: number): string;
  /** "Writes are waiting in the Outbox". */
  writes: string;
}

/** The count shown: up to 99, then "99+". */
export function markText(count: number): string {
  return `•${count > 99 ? '99+' : count}`;
}

/**
 * What the tab's button shows: nothing of its own without posts about its page; the mark when the
 * Outbox's badge is empty; the Outbox's badge with both in the title when writes are waiting.
 */
export function tabMark(outboxBadge: string, pagePosts: number, words: TabMarkWords): TabMark {
  const count = Number.isFinite(pagePosts) ? Math.max(0, Math.floor(pagePosts)) : 0;
  if (count === 0) return { text: null, title: words.name };
  if (outboxBadge !== '') return { text: null, title: `${words.name}: ${words.writes} · ${words.posts(count)}` };
  return { text: markText(count), title: `${words.name}: ${words.posts(count)}` };
}
