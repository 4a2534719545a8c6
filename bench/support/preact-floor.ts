import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const FLOOR_PAGE = fileURLToPath(new URL('./preact-floor-page.ts', import.meta.url));
const SCREEN_PAGE = fileURLToPath(new URL('./preact-screen-page.ts', import.meta.url));

/**
 * A bench page's script (`entry`), bundled with the project's Preact into one classic script (as the
 * blank and floor pages are one), minified, with `define`'s names replaced by their values.
 */
async function preactPageScript(entry: string, define: Record<string, string | number>): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    define: Object.fromEntries(Object.entries(define).map(([name, value]) => [name, JSON.stringify(value)])),
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'benchPage' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk');
    if (chunk !== undefined && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`The bench page ${entry} did not build`);
}

/**
 * The Preact floor page's script (`preact-floor-page.ts`): `paintMark` is the mark it sets,
 * `firstPage` the number of posts it asks for.
 */
export function preactFloorScript(paintMark: string, firstPage: number): Promise<string> {
  return preactPageScript(FLOOR_PAGE, { PAINT_MARK: paintMark, FIRST_PAGE: firstPage });
}

/**
 * The Preact screen page's script (`preact-screen-page.ts`): the screen kept under `screenKey`, drawn
 * at once, or after the `getTimelinePage` round trip for `roundTripLimit` posts when given.
 */
export function preactScreenScript(paintMark: string, screenKey: string, roundTripLimit = 0): Promise<string> {
  return preactPageScript(SCREEN_PAGE, {
    PAINT_MARK: paintMark,
    SCREEN_KEY: screenKey,
    ROUND_TRIP_LIMIT: roundTripLimit,
  });
}
