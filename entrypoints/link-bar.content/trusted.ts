/**
 * Whether a click on a bar button is the user's own, visible click. Writes happen only then.
 *
 * - `isTrusted`: the browser made the event from real input; a page's `click()`, `dispatchEvent`
 *   and synthetic keys are never trusted (and cannot reach into the closed root anyway).
 * - A keyboard activation (Enter/Space, `detail === 0`) must land on the button that has focus.
 * - A pointer click must hit the bar where the user clicked (`elementFromPoint` answers the host
 *   for anything inside its shadow root) on a bar the page has not made see-through or tiny
 *   (opacity, `filter: opacity()`, size) nor masked, clipped or run through an SVG filter on the
 *   bar or any ancestor, a best-effort guard against click-jacking (docs/security.md lists what it
 *   cannot see: an opaque decoy with `pointer-events: none` drawn over the bar).
 */
export function isUserClick(event: MouseEvent, host: HTMLElement, root: ShadowRoot, button: Element): boolean {
  if (!event.isTrusted || !host.isConnected) return false;
  if (event.detail === 0) return root.activeElement === button;
  if (document.elementFromPoint(event.clientX, event.clientY) !== host) return false;
  return isPlainlyVisible(host);
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
