/**
 * The Preact screen pages of the side panel's bench (built by `preact-floor.ts` into the bench's copy
 * of the extension, never shipped): the panel's own first screen drawn by Preact and nothing else of
 * ours. The bench keeps the screen as a tree in `localStorage` under `SCREEN_KEY`; this page renders
 * it (`preact-screen-tree.ts`) at once or, with `ROUND_TRIP_LIMIT` above 0, after the one
 * `getTimelinePage` round trip, and sets the mark after the frame that drew it. The floor under any
 * panel written in Preact that shows this screen.
 */
import { render } from 'preact';
import { askFirstPage } from './bench-chrome';
import { type ScreenNode, screenTree } from './preact-screen-tree';

declare const PAINT_MARK: string;
declare const SCREEN_KEY: string;
declare const ROUND_TRIP_LIMIT: number;

function drawScreen(): void {
  const app = document.getElementById('app');
  const kept = localStorage.getItem(SCREEN_KEY);
  if (app === null || kept === null) return;
  render(screenTree(JSON.parse(kept) as ScreenNode[]), app);
  requestAnimationFrame(() => setTimeout(() => performance.mark(PAINT_MARK), 0));
}

if (ROUND_TRIP_LIMIT > 0) void askFirstPage(ROUND_TRIP_LIMIT).then(drawScreen);
else drawScreen();
