// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as root, walk } from '../support/repo-files';

/** The targets of Markdown links and images, and of HTML `src`/`href` attributes, in a Markdown file. */
function targets(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const found: string[] = [];
  for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) found.push(match[1] ?? '');
  for (const match of withoutCode.matchAll(/\b(?:src|href)="([^"]+)"/g)) found.push(match[1] ?? '');
  return found;
}

describe('the repository stands on its own', () => {
  const markdown = walk(root, (file) => file.endsWith('.md'));

  it('finds the docs it checks', () => {
    const names = markdown.map((file) => path.relative(root, file));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'docs/decisions.md', 'sandbox/README.md']));
  });

  it('every Markdown link resolves to a file inside the repository', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const target of targets(readFileSync(file, 'utf8'))) {
        const where = `${path.relative(root, file)} → ${target}`;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
          broken.push(`${where} (outside the repository)`);
          continue;
        }
        if (target.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(file), decodeURIComponent(target.split('#')[0] ?? ''));
        if (!resolved.startsWith(root + path.sep) && resolved !== root)
          broken.push(`${where} (outside the repository)`);
        else if (!existsSync(resolved)) broken.push(`${where} (missing)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no code comment or doc cites a document outside the repository', () => {
    const files = walk(
      root,
      (file) => /\.(ts|tsx|mjs|md|json|css|html)$/.test(file) && !file.endsWith('package-lock.json'),
    );
    const outside = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        /\.\.\/shared\/|\bDESIGN(?:\.md| §)|\bSTYLE\.md|\bMACHINE\.md/.test(text) && !file.endsWith('links.test.ts')
      );
    });
    expect(outside.map((file) => path.relative(root, file))).toEqual([]);
  });
});
