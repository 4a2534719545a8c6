// `npm test`: every check the project has, stopping at the first that fails.
// Browsers are checked first so a missing one is named in one clear line, not a stack trace.
import { spawn } from 'node:child_process';
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

// Two chains side by side: the typecheck uses one core for half a minute, so the lint, build and
// web-ext lint run beside it; then the unit tests and the end-to-end tests, each using every core.
// A step's output is printed when it ends, whole, so two steps never interleave their lines.
const chains = [
  [['typecheck', 'npm', ['run', '--silent', 'typecheck']]],
  [
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['build (Chrome MV3 and Firefox MV2)', 'npm', ['run', '--silent', 'build']],
    ['web-ext lint of the Firefox build', 'node', ['scripts/web-ext-lint.mjs']],
  ],
];
const after = [
  ['unit, sandbox contract and integration tests', 'npx', ['vitest', 'run']],
  ['end-to-end tests (Chromium, Firefox ESR)', 'npx', ['playwright', 'test']],
];

// npm and npx are .cmd files on Windows, which Node starts only through a shell.
const shell = process.platform === 'win32';

/** Runs one step; `live` shows its output as it comes, otherwise it is printed when the step ends. */
function run([name, command, args], live) {
  return new Promise((resolve) => {
    const stepStart = Date.now();
    if (live) console.log(`\n▶ ${name}`);
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const done = (status) => {
      const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
      if (!live) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (${seconds} s)`);
      resolve(status ?? 1);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', done);
  });
}

async function runChain(chain) {
  for (const step of chain) {
    const status = await run(step, false);
    if (status !== 0) return status;
  }
  return 0;
}

const started = Date.now();
const statuses = await Promise.all(chains.map(runChain));
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);
for (const step of after) {
  const status = await run(step, true);
  if (status !== 0) process.exit(status);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
