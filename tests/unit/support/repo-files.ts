import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** What installs, builds, test runs and git write: never the repository's own files. */
const SKIP = new Set(['node_modules', '.output', '.wxt', '.git', 'test-results', '.sandbox', 'playwright-report']);

/** Every file under `dir` (full paths) that `keep` takes, leaving out what `SKIP` names. */
export function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, keep, found);
    else if (keep(full)) found.push(full);
  }
  return found;
}
