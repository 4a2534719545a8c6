import type { BarEnv } from './bar-env';

/**
 * The width of a drawn bar at rest, measured once before any bar is placed: a drawn bar of the
 * page's template in a hidden box out of the page's flow, taken out again at once. The bar's font
 * and sizes are its own (`all: initial` on the host), so its width is the same wherever it sits.
 * With the width known from the start every bar is placed resting and the first sweep draws only
 * those near the viewport; without it, every bar placed before the first sweep had to be drawn
 * (none could rest) and most were rested again at once: on a page of 10,000 links with 50 post
 * links, about 15 ms of script (docs/performance.md). 0 when it cannot be measured (a page that is
 * not rendered): the sweep then measures the first drawn bar, as before.
 */
export function measureBarWidth(env: Pick<BarEnv, 'template' | 'style'>): number {
  const page = document.documentElement;
  if (page === null) return 0;
  const box = document.createElement('span');
  // Important inline declarations: no rule of the page's can show or move the box (hidden, it is out
  // of the accessibility tree and takes no pointer; the host's own style keeps the bar on one line).
  box.setAttribute('style', 'all:initial!important;position:absolute!important;visibility:hidden!important');
  const host = document.createElement('span');
  const root = host.attachShadow({ mode: 'closed' });
  env.style(root, 'drawn');
  root.append(env.template.cloneNode(true));
  box.append(host);
  page.append(box);
  try {
    return host.getBoundingClientRect().width;
  } finally {
    box.remove();
  }
}
