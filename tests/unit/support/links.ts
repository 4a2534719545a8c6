import type { HandlerDeps } from '@/entrypoints/background/handler-deps';

/** The link scripts as handler tests need them: no site beyond the platform's, nothing registered. */
export function noLinks(): HandlerDeps['links'] {
  return {
    allSitesEnabled: async () => false,
    chosenHere: async () => false,
    injectBar: async () => undefined,
    sync: async () => undefined,
  };
}
