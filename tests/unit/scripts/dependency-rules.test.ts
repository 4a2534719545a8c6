import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
/** Biome's own launcher, run with this Node (no shell: the same on Windows). */
const biome = (args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

/**
 * The architecture's dependency rules are the linter's (biome.json, `overrides`): a forbidden
 * import fails `npm run lint`. Each case plants one file with one forbidden import, lints it, and
 * takes it away again.
 */
const PLANTED: [string, string, RegExp][] = [
  ['lib/queue/__planted__.ts', "import { browser } from 'wxt/browser';", /know no browser/],
  ['lib/api/__planted__.ts', "import { Outbox } from '@/lib/queue/outbox';", /does not know the Outbox/],
  [
    'lib/links/__planted__.ts',
    "import { Drafts } from '@/entrypoints/background/drafts';",
    /never imports entrypoints/,
  ],
  [
    'lib/ui/__planted__.ts',
    "import { OutboxTab } from '@/entrypoints/sidepanel/OutboxTab';",
    /never imports entrypoints/,
  ],
  ['lib/ui/__planted__.ts', "import { Outbox } from '@/lib/queue/outbox';", /Pages never call the API/],
  [
    'entrypoints/sidepanel/__planted__.ts',
    "import { createApiClient } from '@/lib/api/client';",
    /Pages never call the API/,
  ],
  [
    'components/__planted__.ts',
    "import { Outbox } from '@/lib/queue/outbox';",
    /Pages never call the API or run the Outbox/,
  ],
  ['entrypoints/link-bar/__planted__.ts', "import { KeyVault } from '@/lib/storage/key-vault';", /hold nothing secret/],
  ['lib/storage/__planted__.ts', "import { MAX_BODY_LENGTH } from '@/lib/messages/limits';", /never the reverse/],
  ['sandbox/__planted__.ts', "import { t } from '../lib/i18n';", /shares no code with the extension/],
];

// Each case starts Biome (the last lints the whole tree): seconds on a busy machine, over Vitest's
// default 5 s limit there; a limit, not a figure.
describe('the dependency rules are checked by the linter', { timeout: 120_000 }, () => {
  it.each(PLANTED)('a planted import in %s fails the lint', (file, line, message) => {
    const full = path.join(root, file);
    writeFileSync(full, `${line}\nexport const planted = 1;\n`);
    try {
      const result = biome(['lint', '--max-diagnostics=5', full]);
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/noRestrictedImports/);
      expect(`${result.stdout}${result.stderr}`).toMatch(message);
    } finally {
      rmSync(full, { force: true });
    }
  });

  it.each([
    [
      'two modules that import each other',
      "import { b } from './__planted_b__';",
      "import { a } from './__planted_a__';",
    ],
    ['a type imported back', "import type { B } from './__planted_b__';", "import { a } from './__planted_a__';"],
  ])('%s fail the lint as an import cycle', (_, first, second) => {
    const files = ['lib/__planted_a__.ts', 'lib/__planted_b__.ts'].map((file) => path.join(root, file));
    const [a, b] = files as [string, string];
    writeFileSync(a, `${first}\nexport const a = 1;\nexport type A = number;\n`);
    writeFileSync(b, `${second}\nexport const b = () => a;\nexport type B = number;\n`);
    try {
      const result = biome(['lint', '--max-diagnostics=5', a, b]);
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/noImportCycles/);
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  });

  it('the tree as it is passes them', () => {
    const result = biome(['lint', 'lib', 'components', 'entrypoints', 'sandbox']);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/noRestrictedImports|noImportCycles/);
  });
});
