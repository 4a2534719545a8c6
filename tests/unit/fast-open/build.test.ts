// @vitest-environment node
import type { InlineConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { CHECKS_CHUNK, splitPageChunks } from '@/entrypoints/sidepanel/fast-open/build';

/** The chunk groups `splitPageChunks` sets, as Rolldown reads them. */
interface Group {
  name: string;
  test?: RegExp;
  minShareCount?: number;
}

function groupsOf(config: InlineConfig): Group[] {
  const output = config.build?.rolldownOptions?.output as { codeSplitting?: { groups?: Group[] } } | undefined;
  return output?.codeSplitting?.groups ?? [];
}

describe('the extension pages’ chunks', () => {
  it('puts full zod, the protocol table and the schemas in the checks chunk, and what pages share in one chunk', () => {
    const config: InlineConfig = {};
    splitPageChunks(config);
    const [checks, shared] = groupsOf(config);
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
    expect(shared).toMatchObject({ name: 'shared', minShareCount: 2 });
  });

  it('keeps the output options the build already had', () => {
    const config: InlineConfig = { build: { rolldownOptions: { output: { entryFileNames: 'x.js' } } } };
    splitPageChunks(config);
    expect(config.build?.rolldownOptions?.output).toMatchObject({ entryFileNames: 'x.js' });
  });
});
