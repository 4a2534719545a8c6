import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from '@/components/timeline/VirtualList';
import { OVERSCAN } from '@/lib/ui/virtual-range';
import { withViewport } from './fixtures';

const ROW = 100;
const VIEWPORT = 600;
const VISIBLE = VIEWPORT / ROW;

interface Row {
  id: string;
  n: number;
}
const rows = (count: number): Row[] => Array.from({ length: count }, (_, n) => ({ id: `r${n}`, n }));

function List({ items, onNearEnd }: { items: Row[]; onNearEnd?: () => void }) {
  return (
    <VirtualList
      items={items}
      getKey={(row) => row.id}
      renderRow={(row) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: feed articles are focusable, as in the app.
        <article tabIndex={0} aria-label={`Row ${row.n}`} aria-posinset={row.n + 1}>
          Row {row.n} <button type="button">Act {row.n}</button>
        </article>
      )}
      estimateHeight={ROW}
      label="Rows"
      busy={false}
      onNearEnd={onNearEnd}
    />
  );
}

const scroller = () => document.querySelector('.vlist') as HTMLElement;
const scrollTo = (top: number) =>
  act(() => {
    scroller().scrollTop = top;
    fireEvent.scroll(scroller());
  });
const positions = () => screen.getAllByRole('article').map((el) => Number(el.getAttribute('aria-posinset')));

describe('VirtualList', () => {
  let undoViewport: () => void;
  beforeEach(() => {
    undoViewport = withViewport(VIEWPORT);
  });
  afterEach(() => {
    cleanup();
    undoViewport();
  });

  it('renders only the visible rows plus overscan with 10,000 items, wherever it is scrolled', async () => {
    render(<List items={rows(10_000)} />);
    const feed = screen.getByRole('feed', { name: 'Rows' });
    expect(feed.style.height).toBe(`${10_000 * ROW}px`);
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(VISIBLE + 2 * OVERSCAN);
    expect(positions()[0]).toBe(1);

    await scrollTo(500_000);
    const middle = positions();
    expect(middle.length).toBeLessThanOrEqual(VISIBLE + 2 * OVERSCAN);
    expect(middle).toContain(5001);
    expect(middle).toContain(5006);

    await scrollTo(10_000 * ROW - VIEWPORT);
    expect(positions()).toContain(10_000);
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(VISIBLE + 2 * OVERSCAN);
  });

  it('asks for more when the last rows come into view, not before', async () => {
    const onNearEnd = vi.fn();
    render(<List items={rows(40)} onNearEnd={onNearEnd} />);
    expect(onNearEnd).not.toHaveBeenCalled();
    await scrollTo(40 * ROW - VIEWPORT);
    expect(onNearEnd).toHaveBeenCalled();
  });

  it('moves focus between posts with the arrow keys, Page Up/Down, Home and End', async () => {
    render(<List items={rows(10_000)} />);
    const first = screen.getByRole('article', { name: 'Row 0' });
    first.focus();
    await act(() => {
      fireEvent.keyDown(first, { key: 'ArrowDown' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 1' }));
    await act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'PageDown' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 2' }));
    await act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 9999' }));
    await act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 0' }));
    await act(() => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 0' }));
  });

  it('moves with Page Down from a button inside a post, but leaves arrows to the button', async () => {
    render(<List items={rows(100)} />);
    const button = screen.getByRole('button', { name: 'Act 0' });
    button.focus();
    await act(() => {
      fireEvent.keyDown(button, { key: 'ArrowDown' });
    });
    expect(document.activeElement).toBe(button);
    await act(() => {
      fireEvent.keyDown(button, { key: 'PageDown' });
    });
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Row 1' }));
  });

  it('keeps the focused post rendered when it scrolls out of view', async () => {
    render(<List items={rows(10_000)} />);
    const first = screen.getByRole('article', { name: 'Row 0' });
    first.focus();
    await act(() => {
      fireEvent.focusIn(first);
    });
    await scrollTo(500_000);
    expect(screen.getByRole('article', { name: 'Row 0' })).toBe(document.activeElement);
    expect(positions()).toContain(5001);
  });
});

describe('VirtualList measuring', () => {
  let undoViewport: () => void;
  let rect: PropertyDescriptor | undefined;
  beforeEach(() => {
    undoViewport = withViewport(VIEWPORT);
    rect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect');
    // Every row is twice the estimate; the test DOM lays nothing out, and its ResizeObserver never reports.
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const height = this.classList.contains('vlist-row') ? 2 * ROW : 0;
      return { height, width: 0, top: 0, left: 0, bottom: height, right: 0, x: 0, y: 0, toJSON: () => ({}) };
    };
  });
  afterEach(() => {
    cleanup();
    undoViewport();
    if (rect) Object.defineProperty(Element.prototype, 'getBoundingClientRect', rect);
  });

  it('measures rows in the render that adds them, before any frame or observer reports them', () => {
    render(<List items={rows(40)} />);
    const feed = screen.getByRole('feed', { name: 'Rows' });
    const rendered = positions();
    // The rows drawn were measured at twice the estimate, the others are still estimated.
    expect(feed.style.height).toBe(`${rendered.length * 2 * ROW + (40 - rendered.length) * ROW}px`);
    // Drawn from the measured heights: the 3 rows that fill the view at 200 px each, and the overscan
    // below them (from the estimate, 6 rows would be in view, and 10 drawn).
    expect(rendered).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const offsets = [...document.querySelectorAll<HTMLElement>('.vlist-row')].map((el) => el.style.transform);
    expect(offsets.slice(0, 3)).toEqual(['translateY(0px)', 'translateY(200px)', 'translateY(400px)']);
  });
});
