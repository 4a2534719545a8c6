// @vitest-environment node
import type { InlineConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  CHECKS_CHUNK,
  entryInMeta,
  firstScreenShared,
  loadsFromDevServer,
  splitPageChunks,
} from '@/entrypoints/sidepanel/fast-open/build';
import { ENTRY_META } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';

/** The chunk groups `splitPageChunks` sets, as Rolldown reads them. */
interface Group {
  name: string | ((id: string, graph: unknown) => string | null);
  test?: RegExp;
  minShareCount?: number;
}

function groupsOf(config: InlineConfig): Group[] {
  const output = config.build?.rolldownOptions?.output as { codeSplitting?: { groups?: Group[] } } | undefined;
  return output?.codeSplitting?.groups ?? [];
}

describe('the extension pages’ chunks', () => {
  it('puts full zod, the protocol table and the schemas in the checks chunk, and what the panel’s first screen shares in one chunk', () => {
    const config: InlineConfig = {};
    splitPageChunks(config);
    const [checks, shared, ...others] = groupsOf(config);
    expect(checks?.name).toBe(CHECKS_CHUNK);
    for (const path of [
      'node_modules/zod/v4/core/core.js',
      'lib/zod.ts',
      'lib/api/schemas.ts',
      'lib/messages/protocol.ts',
      'lib/storage/settings.ts',
    ]) {
      expect(checks?.test?.test(`/work/${path}`), path).toBe(true);
    }
    // What the first screen checks without zod stays out of it.
    for (const path of ['lib/messages/first-page-check.ts', 'lib/messages/envelope.ts', 'lib/storage/prefs.ts']) {
      expect(checks?.test?.test(`/work/${path}`), path).toBe(false);
    }
    expect(shared).toMatchObject({ minShareCount: 2 });
    expect(typeof shared?.name).toBe('function');
    expect(others).toEqual([]);
  });

  it('shares only what the side panel’s page imports statically, directly or not', () => {
    const imports: Record<string, string[]> = {
      '/p/sidepanel/index.html': ['/p/sidepanel/main.tsx'],
      '/p/sidepanel/main.tsx': ['/p/lib/a.ts', '/p/lib/b.ts'],
      '/p/lib/a.ts': ['/p/lib/c.ts', '/p/lib/b.ts'],
      '/p/lib/b.ts': [],
      '/p/lib/c.ts': ['/p/lib/a.ts'],
      // Imported only by the options page, or only by a chunk the panel loads later.
      '/p/options/main.tsx': ['/p/lib/a.ts', '/p/lib/options-only.ts'],
      '/p/sidepanel/OutboxTab.tsx': ['/p/lib/later.ts'],
    };
    const graph = { getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id] ?? [] } : null) };
    const name = firstScreenShared('/p/sidepanel/index.html');
    for (const id of ['/p/lib/a.ts', '/p/lib/b.ts', '/p/lib/c.ts']) expect(name(id, graph), id).toBe('shared');
    for (const id of ['/p/lib/options-only.ts', '/p/lib/later.ts', '/p/options/main.tsx']) {
      expect(name(id, graph), id).toBeNull();
    }
    // A build without the side panel's page shares nothing this way.
    expect(firstScreenShared('/p/none.html')('/p/lib/a.ts', graph)).toBeNull();
  });

  it('leaves the shared chunk out of a bench build without few files', () => {
    const config: InlineConfig = {};
    splitPageChunks(config, { fewFiles: false });
    expect(groupsOf(config).map((group) => group.name)).toEqual([CHECKS_CHUNK]);
  });

  it('keeps the output options the build already had', () => {
    const config: InlineConfig = { build: { rolldownOptions: { output: { entryFileNames: 'x.js' } } } };
    splitPageChunks(config);
    expect(config.build?.rolldownOptions?.output).toMatchObject({ entryFileNames: 'x.js' });
  });
});

describe('the side panel’s page as built', () => {
  const vite = `<html><head>
    <script type="module" crossorigin src="/chunks/sidepanel-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/rolldown-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/chunks/shared-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/sidepanel-D4.css">
  </head><body><div id="app"></div><script src="/sidepanel-early.js" data-adds-modules></script></body></html>`;

  it('names its modules in a meta tag for the early script, and loads none itself', () => {
    const html = entryInMeta(vite);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/sidepanel-D4.css">');
    expect(html).toContain(
      `<meta name="${ENTRY_META}" content="/chunks/sidepanel-A1.js" data-preload="/chunks/rolldown-runtime-B2.js /chunks/shared-C3.js">`,
    );
  });

  it('leaves the development server’s page as written (its modules come from the server)', () => {
    const dev = vite.replace(
      '<script type="module" crossorigin src="/chunks/sidepanel-A1.js"></script>',
      '<script type="module" src="http://localhost:3000/@vite/client"></script><script type="module" src="http://localhost:3000/entrypoints/sidepanel/main.tsx"></script>',
    );
    expect(loadsFromDevServer(dev)).toBe(true);
    expect(loadsFromDevServer(vite)).toBe(false);
  });

  it('fails the build when the page has no entry module, or two', () => {
    expect(() => entryInMeta('<html><head></head><body></body></html>')).toThrow(/0 module scripts/);
    const twice = vite.replace('</head>', '<script type="module" src="/chunks/other.js"></script></head>');
    expect(() => entryInMeta(twice)).toThrow(/2 module scripts/);
  });
});
