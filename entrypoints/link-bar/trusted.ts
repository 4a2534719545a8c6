/**
 * Whether a click on a bar button is the user's own, visible click. Writes happen only then.
 *
 * - `isTrusted`: the browser made the event from real input; a page's `click()`, `dispatchEvent`
 *   and synthetic keys are never trusted (and cannot reach into the closed root anyway).
 * - A keyboard activation (Enter/Space, `detail === 0`) must land on the button that has focus.
 * - A pointer click must hit the bar where the user clicked (`elementFromPoint` answers the host
 *   for anything inside its shadow root) on a bar the page has not made see-through or tiny
 *   (opacity, `filter: opacity()`, size) nor masked, clipped or run through an SVG filter on the
 *   bar or any ancestor; the pointer must have rested on the bar a moment, the bar unmoved under
 *   it; and where the browser can tell (IntersectionObserver v2, Chromium), the bar must have been
 *   really visible, nothing drawn over it, for a while before the click ({@link Sightings}).
 */
export function isUserClick(
  event: MouseEvent,
  host: HTMLElement,
  root: ShadowRoot,
  button: Element,
  sightings: Sightings,
): boolean {
  if (!event.isTrusted || !host.isConnected) return false;
  if (event.detail === 0) return root.activeElement === button;
  if (document.elementFromPoint(event.clientX, event.clientY) !== host) return false;
  return isPlainlyVisible(host) && sightings.seenLongEnough(host, event.timeStamp);
}

/** A bar counts as seen once it has been visible (nothing over it, unfaded) this long (ms). */
export const MIN_VISIBLE_MS = 500;
/** The pointer must have been on the bar, and the bar unmoved under it, this long before a click (ms). */
export const MIN_POINTER_REST_MS = 150;

/**
 * What the bars know about being seen. Where the browser has IntersectionObserver v2
 * (`trackVisibility`, Chromium), it says whether the bar is really visible: not covered by any
 * other content (an opaque decoy with `pointer-events: none` included), not faded, not transformed
 * or filtered. Drawn bars are observed (only those near the viewport: the check costs), and the
 * time each became visible is kept. Where it does not (Firefox), `certain` is false: the bar then
 * holds its writes for an Undo window instead (inline-bar.ts).
 *
 * Times are event time stamps (`performance.now()` scale), as click events and observer entries carry.
 */
export class Sightings {
  readonly certain: boolean =
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
  private readonly visibleSince = new WeakMap<Element, number>();
  private readonly pointerOn = new WeakMap<Element, { at: number; x: number; y: number }>();
  private readonly observer: IntersectionObserver | undefined;

  constructor() {
    if (!this.certain) return;
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const visible = (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible;
          if (!visible) this.visibleSince.delete(entry.target);
          else if (!this.visibleSince.has(entry.target)) this.visibleSince.set(entry.target, entry.time);
        }
      },
      { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    );
  }

  /** A bar was drawn: watch whether it is seen. */
  watch(host: Element): void {
    this.observer?.observe(host);
  }

  /** A bar rests or is gone: it is not seen until watched again. */
  forget(host: Element): void {
    this.observer?.unobserve(host);
    this.visibleSince.delete(host);
    this.pointerOn.delete(host);
  }

  /** The pointer came onto the bar (`pointerover` in its root) or left it (`pointerout`). */
  pointer(host: Element, on: boolean, at: number): void {
    if (!on) this.pointerOn.delete(host);
    else if (!this.pointerOn.has(host)) {
      const box = host.getBoundingClientRect();
      this.pointerOn.set(host, { at, x: box.left, y: box.top });
    }
  }

  /** Whether a click at `at` comes after the bar was seen long enough, the pointer resting on it, unmoved. */
  seenLongEnough(host: Element, at: number): boolean {
    const rest = this.pointerOn.get(host);
    if (rest === undefined || at - rest.at < MIN_POINTER_REST_MS) return false;
    const box = host.getBoundingClientRect();
    if (Math.abs(box.left - rest.x) > 1 || Math.abs(box.top - rest.y) > 1) {
      // Moved under the pointer (by the page, or a scroll): it rests from here on.
      this.pointerOn.set(host, { at, x: box.left, y: box.top });
      return false;
    }
    if (!this.certain) return true;
    const since = this.visibleSince.get(host);
    return since !== undefined && at - since >= MIN_VISIBLE_MS;
  }
}

/** Opacity of an element from its computed style, `filter: opacity(…)` included. */
function opacityOf(style: CSSStyleDeclaration): number {
  let opacity = Number.parseFloat(style.opacity);
  if (Number.isNaN(opacity)) opacity = 1;
  for (const match of style.filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) {
    const value = Number.parseFloat(match[1] ?? '1');
    opacity *= match[2] === '%' ? value / 100 : value;
  }
  return opacity;
}

/**
 * Effects that can make a bar invisible while it still takes clicks: a mask (`mask-image`, also
 * with the `-webkit-` prefix), a clip path, or a filter that is not a plain `opacity()`/colour
 * function (an SVG `url(#f)` filter can set alpha to 0). Rare on the ancestors of a post link; a
 * bar under one refuses clicks rather than guess.
 */
function hidesWithEffects(style: CSSStyleDeclaration): boolean {
  const effects = [style.maskImage || style.getPropertyValue('-webkit-mask-image'), style.clipPath];
  return effects.some((value) => value !== '' && value !== 'none') || style.filter.includes('url(');
}

/** Read on click only (never in a loop over bars): the host and its ancestors are shown, not faded out. */
function isPlainlyVisible(host: HTMLElement): boolean {
  const box = host.getBoundingClientRect();
  if (box.width < 8 || box.height < 8) return false;
  let opacity = 1;
  for (let element: Element | null = host; element !== null; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (element === host && style.visibility !== 'visible') return false;
    if (hidesWithEffects(style)) return false;
    opacity *= opacityOf(style);
    if (opacity < 0.5) return false;
  }
  return true;
}
