import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CHROME_BUILD, FIREFOX_BUILD } from '../support/browsers';

/**
 * What store review looks for in the code itself: no string evaluated as code and no HTML parsed
 * from a string. `web-ext lint` (scripts/web-ext-lint.mjs) checks the Firefox build; this checks
 * both builds' scripts the same simple way, so the Chrome build is held to it too.
 */
const SINKS: [string, RegExp][] = [
  // `Function.prototype.call` and friends are fine; the constructor itself, called or aliased, is not.
  ['the Function constructor', /(?<![\w$.])Function(?![\w$.])/],
  ['eval', /(?<![\w$.])eval\s*\(/],
  ['an innerHTML/outerHTML assignment', /\.(?:inner|outer)HTML\s*=(?!=)/],
  ['insertAdjacentHTML', /\binsertAdjacentHTML\b/],
  ['document.write', /\bdocument\.write(?:ln)?\s*\(/],
  ['a string timer', /\bset(?:Timeout|Interval)\s*\(\s*['"`]/],
];

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return scriptsUnder(full);
    return name.endsWith('.js') ? [full] : [];
  });
}

for (const build of [CHROME_BUILD, FIREFOX_BUILD]) {
  test(`${path.basename(build)}: no script evaluates strings as code or parses HTML from a string`, () => {
    const found: string[] = [];
    for (const file of scriptsUnder(build)) {
      const code = readFileSync(file, 'utf8');
      for (const [what, pattern] of SINKS) {
        const match = pattern.exec(code);
        if (match !== null) {
          const at = match.index;
          found.push(`${path.relative(build, file)}: ${what}: …${code.slice(Math.max(0, at - 40), at + 40)}…`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  // WXT adds an import of its own modules for a free name it knows, `imports: false` or not
  // (wxt.config.ts): a parameter called `storage` once put WXT's storage module, and the work it does
  // when loaded, on the side panel's first screen. No code of ours uses it.
  test(`${path.basename(build)}: no script carries WXT's storage module`, () => {
    const carrying = scriptsUnder(build).filter((file) =>
      readFileSync(file, 'utf8').includes('must be loaded in a web extension environment'),
    );
    expect(carrying.map((file) => path.relative(build, file))).toEqual([]);
  });
}
