/**
 * Whether a click on a bar button is the user's own, visible click. Writes happen only then.
 *
 * - `isTrusted`: the browser made the event from real input; a page's `click()`, `dispatchEvent`
 *   and synthetic keys are never trusted (and cannot reach into the closed root anyway).
 * - A keyboard activation (Enter/Space, `detail === 0`) must land on the button that has focus.
 * - A pointer click must hit the bar where the user clicked (`elementFromPoint` answers the host
 *   for anything inside its shadow root) on a bar the page has not made see-through or tiny
 *   (opacity, `filter: opacity()`, size), a best-effort guard against click-jacking.
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

/** Read on click only (never in a loop over bars): the host and its ancestors are shown, not faded out. */
function isPlainlyVisible(host: HTMLElement): boolean {
  const box = host.getBoundingClientRect();
  if (box.width < 8 || box.height < 8) return false;
  let opacity = 1;
  for (let element: Element | null = host; element !== null; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (element === host && style.visibility !== 'visible') return false;
    opacity *= opacityOf(style);
    if (opacity < 0.5) return false;
  }
  return true;
}
