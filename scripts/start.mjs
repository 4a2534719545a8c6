// `npm start`: the sandbox with demo data, then the extension in a browser, configured against it.
// Where there is no display, it builds a development build and says how to load it by hand.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BROWSER_ENV, findBrowser, INSTALL_HINT } from './find-browser.mjs';

const port = process.env.SANDBOX_PORT ?? '8787';
const children = [];
// A closed terminal or pipe must not turn a goodbye line into an EPIPE stack trace.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

/** Asks every child to stop, waits for them (at most 5 s, then kills), and exits with `code`. */
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 5_000);
  Promise.all(exited).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
}
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));

const sandbox = await startSandbox();
console.log(`Sandbox running: API ${sandbox.apiBase}, website ${sandbox.website}`);

// Read only by development builds (see entrypoints/background): a store build ships with no key.
const env = {
  ...process.env,
  WXT_DEV_API_BASE_URL: sandbox.apiBase,
  WXT_DEV_API_KEY: sandbox.testKey,
  DC_START_URL: sandbox.website,
};

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (hasDisplay) {
  const kind = process.argv.includes('--firefox') ? 'firefox' : 'chromium';
  const found = findBrowser(kind);
  if (found === undefined) {
    console.log(
      `No ${kind === 'firefox' ? 'Firefox' : 'Chromium or Chrome'} found in the usual places: ${INSTALL_HINT[kind]}. Trying WXT's own discovery…`,
    );
  } else {
    console.log(`Browser: ${found.path}${found.from === 'env' ? ` (from ${BROWSER_ENV[kind]})` : ''}`);
    env[kind === 'firefox' ? 'DC_FIREFOX_BINARY' : 'DC_CHROMIUM_BINARY'] = found.path;
  }
  if (kind === 'chromium' && process.getuid?.() === 0) {
    console.log('Running as root: Chromium starts with --no-sandbox (it refuses to run as root otherwise).');
    env.DC_CHROMIUM_NO_SANDBOX = '1';
  }
  const dev = spawn('npx', ['wxt', ...(kind === 'firefox' ? ['-b', 'firefox'] : [])], {
    stdio: ['inherit', 'inherit', 'inherit'],
    env,
  });
  children.push(dev);
  // The browser closed (WXT ends with it) or WXT failed: stop the sandbox and pass the status on.
  dev.on('exit', (code) => stopAll(code ?? 0));
} else {
  console.log('\nNo display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no browser can open here.');
  console.log('Building a development build configured against the sandbox…');
  const failed = ['chrome', 'firefox'].find(
    (browser) =>
      spawnSync('npx', ['wxt', 'build', '--mode', 'development', '-b', browser], { stdio: 'ignore', env }).status !== 0,
  );
  if (failed !== undefined) {
    console.error(`The ${failed} build failed: run "npx wxt build --mode development -b ${failed}" to see why.`);
    stopAll(1);
  } else
    console.log(`
Load it by hand on a machine with a display:
  Chrome/Chromium: open chrome://extensions, switch on "Developer mode", click "Load unpacked"
                   and choose .output/chrome-mv3-dev
  Firefox:         open about:debugging#/runtime/this-firefox, click "Load Temporary Add-on…"
                   and choose .output/firefox-mv2-dev/manifest.json
It comes up configured with the sandbox's API base and test key. Then open ${sandbox.website}

The sandbox keeps running until you press Ctrl+C.`);
}

/** Starts the sandbox CLI with demo data and resolves with what it prints once ready. */
function startSandbox() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--seed', '--port', port], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const found = {};
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line.startsWith('[sandbox]') ? line : `[sandbox] ${line}`);
      const match = /^(API base|Test key|Website): (\S+)$/.exec(line);
      if (match) found[match[1]] = match[2];
      if (found['API base'] && found['Test key'] && found.Website && !found.done) {
        found.done = true;
        resolve({ apiBase: found['API base'], testKey: found['Test key'], website: found.Website });
      }
    });
    child.on('exit', (code) => {
      if (!found.done) reject(new Error(`The sandbox exited (code ${code}) before it was ready.`));
    });
  });
}
