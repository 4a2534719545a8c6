import type { HandlerDeps } from '@/entrypoints/background/handler-deps';

/**
 * The link scripts as handler tests need them: no site beyond the platform's, nothing registered;
 * `injected` collects the frames `links.js` was loaded into (`tab/frame`).
 */
export function noLinks(injected: string[] = []): HandlerDeps['links'] {
  return {
    allSitesEnabled: async () => false,
    chosenHere: async () => false,
    injectBar: async () => undefined,
    injectLinkScript: async (tabId, frameId) => {
      injected.push(`${tabId}/${frameId}`);
    },
    sync: async () => undefined,
  };
}
