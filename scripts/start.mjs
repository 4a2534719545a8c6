// `npm start`: the sandbox with demo data, then the extension in a browser, configured against it.
// Where there is no display, it builds a development build and says how to load it by hand.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const port = process.env.SANDBOX_PORT ?? '8787';
const children = [];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

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
  const browser = process.argv.includes('--firefox') ? ['-b', 'firefox'] : [];
  const dev = spawn('npx', ['wxt', ...browser], { stdio: 'inherit', env });
  children.push(dev);
  dev.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
} else {
  console.log('\nNo display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so no browser can open here.');
  console.log('Building a development build configured against the sandbox…');
  for (const browser of ['chrome', 'firefox']) {
    const build = spawnSync('npx', ['wxt', 'build', '--mode', 'development', '-b', browser], { stdio: 'ignore', env });
    if (build.status !== 0) {
      console.error(`The ${browser} build failed: run "npx wxt build --mode development -b ${browser}" to see why.`);
      stopAll();
      process.exit(1);
    }
  }
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
      console.log(`[sandbox] ${line}`);
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
