// `npm test`: every check the project has, in order, stopping at the first that fails.
// Browsers are checked first so a missing one is named in one clear line, not a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with "apt-get install chromium" (Debian) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!existsSync(firefox)) {
  console.error(
    `Firefox ESR not found at ${firefox}: install it with "apt-get install firefox-esr" (Debian) or set FIREFOX_PATH.`,
  );
  process.exit(1);
}

if (process.platform === 'linux' && !existsSync('/usr/bin/Xvfb')) {
  console.error(
    'Xvfb not found: the npm start test needs a virtual display; install it with "apt-get install xvfb" (Debian).',
  );
  process.exit(1);
}

// Debian's Firefox ESR takes other languages from its language packs (the locale flows need them).
const langpacks = '/usr/lib/firefox-esr/browser/extensions';
if (firefox === '/usr/bin/firefox-esr') {
  const missing = ['de', 'fr'].filter(
    (lang) => !existsSync(`${langpacks}/langpack-${lang}@firefox-esr.mozilla.org.xpi`),
  );
  if (missing.length > 0) {
    console.error(
      `Firefox ESR's language packs are missing: install them with "apt-get install ${missing.map((lang) => `firefox-esr-l10n-${lang}`).join(' ')}" (Debian).`,
    );
    process.exit(1);
  }
}

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit, sandbox contract and integration tests', 'npx', ['vitest', 'run']],
  ['build (Chrome MV3 and Firefox MV2)', 'npm', ['run', '--silent', 'build']],
  ['web-ext lint of the Firefox build', 'node', ['scripts/web-ext-lint.mjs']],
  ['end-to-end tests (Chromium, Firefox ESR)', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
