import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Unit test files that replace a module (`vi.mock`) or patch the fake browser's objects in place
 * (directly, or through tests/unit/support/permissions.ts):
 * they run each in a fresh module graph. Every other unit file shares its worker's graph and DOM
 * (`isolate: false`), which takes the unit run from ~140 s to ~30 s: nearly all of it was setting up
 * an environment and importing the same modules again for each of ~120 files.
 */
const ISOLATED = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  // Forward slashes on Windows too: the result is a glob.
  .map((file) => `tests/unit/${file.replaceAll('\\', '/')}`)
  .filter((file) =>
    /vi\.(do)?mock\(|vi\.resetModules\(|Object\.assign\((browser|event)\b|fakePermissions\(/.test(
      readFileSync(file, 'utf8'),
    ),
  );

/*
 * The projects run one after another (`groupOrder`), each on every core: run side by side on two
 * cores they took 82 s, mostly setting up environments that waited for a core; one after another 61 s.
 */

/** The extension code's test project: WXT's in-memory fake browser, a DOM from happy-dom. */
const unit = {
  plugins: [WxtVitest()],
  test: { environment: 'happy-dom' as const, setupFiles: ['tests/unit/setup.ts'], restoreMocks: true },
};

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core machine is half of them.
    maxWorkers: availableParallelism(),
    projects: [
      {
        ...unit,
        test: {
          ...unit.test,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { ...unit, test: { ...unit.test, name: 'unit-isolated', include: ISOLATED, sequence: { groupOrder: 1 } } },
      {
        // The sandbox's contract and the extension core against a real sandbox, over real HTTP.
        resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
        test: {
          name: 'sandbox',
          include: ['tests/sandbox/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
