/*
 * What the build does for the extension pages' opening (wxt.config.ts wires it in): the chunks the
 * pages' code is split into. Node code, read by the build only; nothing here ships. See README.md in
 * this folder.
 */
import type { InlineConfig } from 'vite';

/** The chunk of full zod and the protocol table (see {@link splitPageChunks}). */
export const CHECKS_CHUNK = 'checks';

/**
 * The extension pages' chunks (one build for them all): each page loads few files, since an
 * extension page pays for every file it fetches before it can draw. The code the pages share goes in
 * one chunk; full zod and the protocol table in another ({@link CHECKS_CHUNK}), which
 * lib/messages/send.ts imports on first use. A page that imports lib/storage/settings.ts statically
 * loads it with its entry all the same (the side panel and the options page do today).
 */
export function splitPageChunks(config: InlineConfig): void {
  config.build ??= {};
  config.build.rolldownOptions = {
    ...config.build.rolldownOptions,
    output: {
      ...(config.build.rolldownOptions?.output as object | undefined),
      codeSplitting: {
        // A group takes the modules it names, not everything they import.
        includeDependenciesRecursively: false,
        groups: [
          {
            name: CHECKS_CHUNK,
            priority: 2,
            test: /node_modules[\\/]zod[\\/]|lib[\\/]zod\.ts|lib[\\/]api[\\/]schemas\.ts|lib[\\/]messages[\\/](protocol|link-protocol|saved-protocol|site-protocol|sync-protocol|fields|reply|push)\.ts|lib[\\/]sync[\\/](view|record)\.ts|lib[\\/]storage[\\/](settings|account-check|saved-posts)\.ts/,
          },
          { name: 'shared', priority: 1, minShareCount: 2 },
        ],
      },
    },
  };
}
