import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
/** Biome's own launcher, run with this Node (no shell: the same on Windows). */
const biome = (args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

/**
 * The architecture's dependency rules are the linter's (biome.json, `overrides`): a forbidden
 * import fails `npm run lint`. Each case plants one file with one forbidden import; one Biome run
 * lints the tree with every planted file in it (a run scans the whole project for its module graph:
 * about 3 s each, so one run, not one per case), and each case reads its own file's diagnostics.
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
    'lib/ui/__planted_1__.ts',
    "import { OutboxTab } from '@/entrypoints/sidepanel/OutboxTab';",
    /never imports entrypoints/,
  ],
  ['lib/ui/__planted_2__.ts', "import { Outbox } from '@/lib/queue/outbox';", /Pages never call the API/],
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

/** Pairs of modules that import each other, each pair in files of its own. */
const CYCLES: [string, string, string][] = [
  [
    'two modules that import each other',
    "import { b } from './__planted_b1__';",
    "import { a } from './__planted_a1__';",
  ],
  ['a type imported back', "import type { B } from './__planted_b2__';", "import { a } from './__planted_a2__';"],
];
const cycleFiles = (index: number) => [`lib/__planted_a${index + 1}__.ts`, `lib/__planted_b${index + 1}__.ts`] as const;

interface Diagnostic {
  category: string;
  message: string;
  location?: { path?: string };
}

/** Every planted file, written; one Biome run over the tree; the planted files taken away again. */
function lintWithPlanted(): Diagnostic[] {
  const written: string[] = [];
  const plant = (file: string, text: string) => {
    writeFileSync(path.join(root, file), text);
    written.push(path.join(root, file));
  };
  try {
    for (const [file, line] of PLANTED) plant(file, `${line}\nexport const planted = 1;\n`);
    CYCLES.forEach(([, first, second], index) => {
      const [a, b] = cycleFiles(index);
      plant(a, `${first}\nexport const a = 1;\nexport type A = number;\n`);
      plant(b, `${second}\nexport const b = () => a;\nexport type B = number;\n`);
    });
    // Biome's JSON reporter (its version is pinned in package.json): one diagnostic per finding, with its file.
    const result = biome([
      'lint',
      '--reporter=json',
      '--max-diagnostics=none',
      'lib',
      'components',
      'entrypoints',
      'sandbox',
    ]);
    const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    return report.diagnostics;
  } finally {
    for (const file of written) rmSync(file, { force: true });
  }
}

/** The file a diagnostic is in, with forward slashes (Windows too). */
const pathOf = (d: Diagnostic) => d.location?.path?.replaceAll('\\', '/') ?? '';
const ofFile = (diagnostics: Diagnostic[], file: string) => diagnostics.filter((d) => pathOf(d) === file);

// One Biome run over the whole tree: seconds on a busy machine, over Vitest's default 5 s limit
// there; a limit, not a figure.
describe('the dependency rules are checked by the linter', { timeout: 120_000 }, () => {
  let diagnostics: Diagnostic[] = [];
  beforeAll(() => {
    diagnostics = lintWithPlanted();
  }, 120_000);

  it.each(PLANTED)('a planted import in %s fails the lint', (file, _, message) => {
    const found = ofFile(diagnostics, file).filter((d) => d.category === 'lint/style/noRestrictedImports');
    expect(found.map((d) => d.message).join('\n')).toMatch(message);
  });

  it.each(CYCLES.map(([name], index) => [name, index] as const))('%s fail the lint as an import cycle', (_, index) => {
    for (const file of cycleFiles(index)) {
      expect(ofFile(diagnostics, file).map((d) => d.category)).toContainEqual(
        expect.stringMatching(/\/noImportCycles$/),
      );
    }
  });

  it('the tree as it is passes them', () => {
    const planted = new Set([...PLANTED.map(([file]) => file), ...CYCLES.flatMap((_, index) => cycleFiles(index))]);
    const broken = diagnostics.filter(
      (d) => /noRestrictedImports|noImportCycles/.test(d.category) && !planted.has(pathOf(d)),
    );
    expect(broken).toEqual([]);
    // The run saw the planted files at all (a reporter that changed its shape would show here).
    expect(diagnostics.length).toBeGreaterThan(0);
  });
});
