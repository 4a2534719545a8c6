// @vitest-environment node
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  loadsFromBundle,
  pageFiles,
  styleSheetsFirst,
  withoutTagOf,
} from '@/entrypoints/sidepanel/fast-open/build';

/** A chunk of a fake bundle: only what the build reads of it. */
function chunk(fileName: string, name: string, imports: string[], css: string[] = []): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

function asset(fileName: string, source: string | Uint8Array): Rolldown.OutputAsset {
  return { type: 'asset', fileName, source } as unknown as Rolldown.OutputAsset;
}

const entry = chunk(
  'chunks/sidepanel-1.js',
  'sidepanel',
  ['chunks/runtime-1.js', 'chunks/shared-1.js', 'chunks/checks-1.js'],
  ['assets/sidepanel-1.css'],
);
const bundle: Rolldown.OutputBundle = {
  'chunks/runtime-1.js': chunk('chunks/runtime-1.js', 'rolldown-runtime', []),
  'chunks/shared-1.js': chunk('chunks/shared-1.js', 'shared', ['chunks/runtime-1.js']),
  'chunks/checks-1.js': chunk('chunks/checks-1.js', 'checks', ['chunks/runtime-1.js', 'chunks/shared-1.js']),
  'chunks/options-1.js': chunk('chunks/options-1.js', 'options', ['chunks/shared-1.js']),
  'chunks/sidepanel-1.js': entry,
  'assets/sidepanel-1.css': asset('assets/sidepanel-1.css', new TextEncoder().encode('body{margin:0}')),
};

/** The side panel's page as Vite writes it before the plugins run. */
const VITE_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Debate Companion</title>
    <script src="/sidepanel-early.js" defer></script>
    <script type="module" crossorigin src="/chunks/sidepanel-1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/chunks/shared-1.js">
    <link rel="modulepreload" crossorigin href="/chunks/checks-1.js">
    <link rel="stylesheet" crossorigin href="/assets/sidepanel-1.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`;

describe('the side panel page build', () => {
  it('reads what a page loads from the bundle: imports before the entry, in the order Vite preloads them', () => {
    expect(pageFiles(entry, bundle)).toEqual({
      modules: ['/chunks/runtime-1.js', '/chunks/shared-1.js', '/chunks/checks-1.js', '/chunks/sidepanel-1.js'],
      sheets: [{ url: '/assets/sidepanel-1.css', css: 'body{margin:0}' }],
    });
  });

  it('fails the build when a file the page should load has no tag, or more than one', () => {
    expect(() => withoutTagOf(VITE_PAGE, '/chunks/options-1.js')).toThrow(/found none/);
    const twice = VITE_PAGE.replace('</head>', '<link rel="modulepreload" href="/chunks/shared-1.js">\n  </head>');
    expect(() => withoutTagOf(twice, '/chunks/shared-1.js')).toThrow(/found more/);
  });

  it('leaves a page that loads its entry from the dev server as written (npm start)', () => {
    const built = '<script type="module" crossorigin src="/chunks/sidepanel-1.js"></script>';
    const served = '<script type="module" src="http://localhost:3000/entrypoints/sidepanel/main.tsx"></script>';
    expect([loadsFromBundle(built, entry), loadsFromBundle(served, entry)]).toEqual([true, false]);
  });

  it('links every page’s style sheets at the top of its head', () => {
    const { html, tags } = styleSheetsFirst(VITE_PAGE, ['/assets/sidepanel-1.css']);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/chunks/checks-1.js">\n  </head>');
    expect(tags).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: '/assets/sidepanel-1.css' },
        injectTo: 'head-prepend',
      },
    ]);
  });
});
