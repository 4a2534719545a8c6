import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { OVERSCAN, RowHeights, rowRange } from '@/lib/ui/virtual-range';

/** What a container can ask of the list. */
export interface VirtualListHandle {
  /** Brings the row into view (rendering it first if needed) and focuses its `article`. */
  focusRow(index: number): void;
  /** Scrolls back to the top (the header). */
  scrollToTop(): void;
  /** The index of the first row in view. */
  firstVisible(): number;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderRow: (item: T, index: number) => ComponentChildren;
  /** Height of a row not measured yet (px). */
  estimateHeight: number;
  /** Rows rendered above and below the visible ones. */
  overscan?: number;
  /** The feed's accessible name. */
  label: string;
  /** More rows are loading (ARIA feed: `aria-busy`). */
  busy: boolean;
  /** Scrolls with the rows, above them (the composer). */
  header?: ComponentChildren;
  /** Scrolls with the rows, below them (loading, end of list, errors). */
  footer?: ComponentChildren;
  /** The last rows are in view: time to load more. */
  onNearEnd?: () => void;
  handle?: RefObject<VirtualListHandle | null>;
}

/** Keys that move between posts (ARIA feed pattern, plus arrows and Home/End on a focused post). */
const MOVES: Record<string, (index: number, count: number) => number> = {
  PageDown: (index) => index + 1,
  PageUp: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A windowed list in its own scroll container: only the rows in view plus `overscan` above and
 * below are in the DOM (and the row holding focus, so a keyboard user never loses their place).
 * Row heights are measured as rows render and when they change (an opened reply box), so rows may
 * differ in height; a row above the view that changes height moves the scroll position with it, so
 * what the user reads stays still.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, getKey, estimateHeight, overscan = OVERSCAN } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rowsEl = useRef<HTMLDivElement>(null);
  const heights = useMemo(() => new RowHeights(estimateHeight), [estimateHeight]);
  const keys = useMemo(() => items.map(getKey), [items, getKey]);
  heights.setKeys(keys);

  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);
  const [rowsTop, setRowsTop] = useState(0);
  const [, setMeasured] = useState(0);
  // The row holding focus stays rendered when it scrolls out of view. A ref, not state: a row that
  // takes focus is in the DOM already, and the next render (a scroll) reads it.
  const focusedKey = useRef<string | null>(null);
  const pendingFocus = useRef<number | null>(null);

  const range = rowRange(heights, items.length, scrollTop - rowsTop, viewport, overscan);
  const latest = useRef({ range, keys, rowsTop });
  latest.current = { range, keys, rowsTop };

  /**
   * Measures rows (the header and the scroller itself are skipped): a row above the first one in
   * view that changed height moves the scroll position with it, and a change renders the list again.
   */
  const measureRows = (targets: Iterable<Element>) => {
    const el = scroller.current;
    let changed = false;
    let shift = 0;
    for (const target of targets) {
      const { key, index } = (target as HTMLElement).dataset;
      if (key === undefined) continue;
      const delta = heights.measure(key, target.getBoundingClientRect().height);
      if (delta !== 0) changed = true;
      if (Number(index) < latest.current.range.firstVisible) shift += delta;
    }
    if (el !== null && shift !== 0) el.scrollTop += shift;
    if (changed) setMeasured((n) => n + 1);
  };
  // Viewport size, the header's height (where rows start) and every rendered row's height as it changes.
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            const el = scroller.current;
            const rows = rowsEl.current;
            if (el === null || rows === null) return;
            measureRows(entries.map((entry) => entry.target));
            setViewport(el.clientHeight);
            setRowsTop(rows.offsetTop);
          }),
    [heights],
  );
  // A layout effect: the first frame already holds the rows that fill the view, not an estimate.
  useLayoutEffect(() => {
    const el = scroller.current;
    const rows = rowsEl.current;
    if (el === null || rows === null) return;
    setViewport(el.clientHeight);
    setRowsTop(rows.offsetTop);
    observer?.observe(el);
    const header = rows.previousElementSibling;
    if (header !== null) observer?.observe(header);
    return () => observer?.disconnect();
  }, [observer]);

  // Measure and observe rows as they appear; stop observing rows that left.
  const observed = useRef(new Set<Element>());
  useLayoutEffect(() => {
    const rows = rowsEl.current;
    if (rows === null) return;
    for (const el of observed.current) {
      if (!el.isConnected) {
        observer?.unobserve(el);
        observed.current.delete(el);
      }
    }
    const added = Array.from(rows.children).filter((el) => !observed.current.has(el));
    for (const el of added) {
      observer?.observe(el);
      observed.current.add(el);
    }
    // Rows that just appeared are measured now, not when the observer first reports them (in the
    // frame, after its layout): the frame that draws them needs no second render and layout.
    measureRows(added);
    heights.prune();
    if (pendingFocus.current !== null) {
      const row = rows.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
      const article = row?.querySelector<HTMLElement>('article');
      if (row && article) {
        pendingFocus.current = null;
        // Unless something in the row took focus as it mounted (a reply box opened for it): that stays.
        if (!row.contains(document.activeElement)) article.focus();
      }
    }
  });

  const { onNearEnd } = props;
  useEffect(() => {
    // An empty list is at its end too: rows filtered out must not leave paging waiting for a scroll.
    if (range.end >= items.length - overscan) onNearEnd?.();
  }, [range.end, items.length, overscan, onNearEnd]);

  const focusRow = (index: number) => {
    const el = scroller.current;
    if (el === null || index < 0 || index >= items.length) return;
    const rendered = rowsEl.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`);
    if (rendered) {
      rendered.focus();
      return;
    }
    pendingFocus.current = index;
    el.scrollTop = latest.current.rowsTop + heights.offsetOf(index);
    setScrollTop(el.scrollTop);
  };
  if (props.handle) {
    props.handle.current = {
      focusRow,
      scrollToTop: () => {
        if (scroller.current) scroller.current.scrollTop = 0;
        setScrollTop(0);
      },
      firstVisible: () => Math.min(latest.current.range.firstVisible, Math.max(0, items.length - 1)),
    };
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-index]');
    if (move === undefined || row === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const onArticle = target.tagName === 'ARTICLE';
    // Inside a post only Page Up/Down move (feed pattern); arrows and Home/End stay with text boxes.
    if (!onArticle && !event.key.startsWith('Page')) return;
    if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT') return;
    event.preventDefault();
    focusRow(Math.max(0, Math.min(items.length - 1, move(Number(row.dataset.index), items.length))));
  };

  const indexes: number[] = [];
  const focusedIndex = focusedKey.current === null ? -1 : keys.indexOf(focusedKey.current);
  if (focusedIndex !== -1 && focusedIndex < range.start) indexes.push(focusedIndex);
  for (let i = range.start; i < range.end; i += 1) indexes.push(i);
  if (focusedIndex >= range.end) indexes.push(focusedIndex);

  return (
    <div class="vlist" ref={scroller} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <div class="vlist-header">{props.header}</div>
      <div
        ref={rowsEl}
        role="feed"
        aria-label={props.label}
        aria-busy={props.busy}
        class="vlist-rows"
        style={{ height: `${heights.total()}px` }}
        onKeyDown={onKeyDown}
        onFocusIn={(event) => {
          const row = (event.target as HTMLElement).closest<HTMLElement>('[data-key]');
          focusedKey.current = row?.dataset.key ?? null;
        }}
        onFocusOut={(event) => {
          const next = event.relatedTarget as Node | null;
          if (next === null || !rowsEl.current?.contains(next)) focusedKey.current = null;
        }}
      >
        {indexes.map((index) => {
          const item = items[index] as T;
          const key = keys[index] as string;
          return (
            <div
              key={key}
              class="vlist-row"
              data-key={key}
              data-index={index}
              style={{ transform: `translateY(${heights.offsetOf(index)}px)` }}
            >
              {props.renderRow(item, index)}
            </div>
          );
        })}
      </div>
      {props.footer}
    </div>
  );
}
