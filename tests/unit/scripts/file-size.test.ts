// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');

/** The project's rule: a file past this usually does two things, and is split by what each part does. */
const MAX_LINES = 300;

/**
 * Files the rule does not hold for: tests (a table of cases reads best in one file), data (the
 * lock file, JSON, the locales and icons under public/, the sandbox's demo posts) and prose.
 */
const EXEMPT: RegExp[] = [
  /^tests\//,
  /(^|\/)package-lock\.json$/,
  /\.md$/,
  /\.json$/,
  /^public\//,
  /^sandbox\/seed-content\.ts$/,
];

/**
 * Files allowed over the limit for a while (none today). An entry names a file being split elsewhere;
 * the last test fails once it is no longer over, so none outlives its reason.
 */
const KNOWN_OVER = new Set<string>();

/** Whether the rule leaves `file` (a path from the repository root, with `/`) alone. */
const isExempt = (file: string) => EXEMPT.some((pattern) => pattern.test(file));

/** Lines as an editor numbers them: a last line without a newline counts, an empty file has none. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * Every tracked text file the rule holds for, with its line count. A file with a NUL byte in its
 * first 8000 bytes is binary (git's own test) and has no lines to count (the screenshots in docs/).
 * A file deleted but not yet staged is skipped: there is nothing to count.
 */
function trackedFiles(): { file: string; lines: number }[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !isExempt(file) && existsSync(path.join(root, file)))
    .flatMap((file) => {
      const content = readFileSync(path.join(root, file));
      if (content.subarray(0, 8000).includes(0)) return [];
      return [{ file, lines: lineCount(content.toString('utf8')) }];
    });
}

describe(`no file outside tests and data is over ${MAX_LINES} lines`, () => {
  it.each([
    ['tests/unit/queue/scheduler.test.ts', true],
    ['package-lock.json', true],
    ['docs/decisions.md', true],
    ['public/_locales/en/messages.json', true],
    ['sandbox/seed-content.ts', true],
    ['sandbox/seed.ts', false],
    ['lib/queue/scheduler.ts', false],
    ['components/timeline/timeline.css', false],
    ['bench/content.bench.ts', false],
  ])('%s is exempt: %s', (file, exempt) => {
    expect(isExempt(file)).toBe(exempt);
  });

  it('counts lines as an editor numbers them', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });

  it('the tracked files are all within the limit', () => {
    const over = trackedFiles()
      .filter(({ file, lines }) => lines > MAX_LINES && !KNOWN_OVER.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    // One entry per file, so a failure names every file to split, not only the first.
    expect(over).toEqual([]);
  });

  it('each known exception is still tracked and still over the limit', () => {
    const lines = new Map(trackedFiles().map(({ file, lines }) => [file, lines]));
    const stale = [...KNOWN_OVER].filter((file) => (lines.get(file) ?? 0) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
