import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ENTRY = fileURLToPath(new URL('./preact-floor-page.ts', import.meta.url));

/**
 * The Preact floor page's script, bundled with the project's Preact into one classic script (as the
 * blank and floor pages are one), minified: `paintMark` is the mark it sets, `firstPage` the number of
 * posts it asks for.
 */
export async function preactFloorScript(paintMark: string, firstPage: number): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    define: { PAINT_MARK: JSON.stringify(paintMark), FIRST_PAGE: String(firstPage) },
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'preactFloor' },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((file) => file.type === 'chunk');
    if (chunk !== undefined && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('The Preact floor page did not build');
}
