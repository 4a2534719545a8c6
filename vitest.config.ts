import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        // Extension code: WXT's in-memory fake browser, a DOM from happy-dom.
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
        },
      },
      {
        // The sandbox's contract and the extension core against a real sandbox, over real HTTP.
        resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
        test: {
          name: 'sandbox',
          include: ['tests/sandbox/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
