import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from '@/lib/zod';
import { REPO_ROOT as root, walk } from './support/repo-files';

describe('zod in the extension', () => {
  it('never compiles a parser with the Function constructor (jitless)', () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ id: z.string(), count: z.number(), tags: z.array(z.object({ name: z.string() })) });
    const functionConstructor = vi.spyOn(globalThis, 'Function');
    for (let i = 0; i < 20; i += 1) {
      expect(schema.parse({ id: `p_${i}`, count: i, tags: [{ name: 'a' }] })).toEqual({
        id: `p_${i}`,
        count: i,
        tags: [{ name: 'a' }],
      });
    }
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(functionConstructor).not.toHaveBeenCalled();
  });

  it('is imported through lib/zod.ts everywhere in the extension, so jitless is set before any schema', () => {
    const direct = ['lib', 'entrypoints', 'components']
      .flatMap((dir) => walk(path.join(root, dir), (file) => /\.tsx?$/.test(file)))
      .filter((file) => file !== path.join(root, 'lib/zod.ts'))
      .filter((file) => /^import (?!type\b)[^;]*from 'zod(\/[^']*)?';/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(direct).toEqual([]);
  });
});
