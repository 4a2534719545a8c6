/** The side panel's `localStorage` key for what it paints while its first answers travel (see panel-cache.ts). */
export const PANEL_CACHE_KEY = 'debateCompanion.panelCache.v1';
