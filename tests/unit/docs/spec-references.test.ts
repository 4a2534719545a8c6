// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as root, walk } from '../support/repo-files';

/** Where a line declares what a doc may point at: a test, a group of tests, or its settings. */
const DECLARES = /\btest(?:\.describe|\.use|\.skip)?\(/;

/** Typographic quotes read as the plain ones a doc may use. */
const plain = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/**
 * Whether the test declared on `line` is the one a doc names `title`: the title as Playwright prints
 * it (its groups first, joined by " › "), quoted up to an ellipsis (one that starts with an
 * ellipsis quotes a later part). A title built from a template is matched up to its first value.
 */
function namedBy(line: string, title: string): boolean {
  const own = plain(title).split(' › ').at(-1) ?? '';
  const quoted = own
    .split('…')
    .map((piece) => piece.trim())
    .find((piece) => piece.length > 0);
  if (quoted === undefined) return true;
  const template = /`([^`$]*)\$\{/.exec(line);
  if (template === null) return line.includes(quoted);
  const fixed = template[1] ?? '';
  return fixed.length > 0 && (quoted.startsWith(fixed) || fixed.startsWith(quoted));
}

describe('docs point at the tests they name', () => {
  const specs = new Map(
    walk(path.join(root, 'tests/e2e'), (file) => file.endsWith('.spec.ts')).map((file) => [
      path.basename(file),
      readFileSync(file, 'utf8').split('\n'),
    ]),
  );
  const docs = walk(root, (file) => file.endsWith('.md'));

  it('finds the spec files and the references', () => {
    expect(specs.size).toBeGreaterThan(30);
    expect(readFileSync(path.join(root, 'docs/e2e-flows.md'), 'utf8')).toMatch(/\.spec\.ts:\d+ › /);
  });

  it('every `name.spec.ts:N` lands on a line that declares a test, and on its title where one is quoted', () => {
    const wrong: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(doc, 'utf8');
      const where = path.relative(root, doc);
      for (const match of text.matchAll(/([\w.-]+\.spec\.ts):(\d+)(?: › ([^`\n]*))?/g)) {
        const [cited, name = '', line = '', title] = match;
        const source = specs.get(name);
        if (source === undefined) {
          wrong.push(`${where}: ${cited} (no such spec file)`);
          continue;
        }
        const declared = plain(source[Number(line) - 1] ?? '');
        if (!DECLARES.test(declared)) wrong.push(`${where}: ${cited} (line ${line} declares no test)`);
        else if (title !== undefined && !namedBy(declared, title))
          wrong.push(`${where}: ${cited} (line ${line} is not "${title}")`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
