import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { launchExtension } from '../driver';
import { expect, test } from '../driver/test';
import { fieldValue, find, role, until, waitForText } from '../driver/ui';
import { CHROME_BUILD, FIREFOX_BUILD } from '../support/browsers';
import { scaled } from '../support/time';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// Each test installs a build on a new profile: the install is what is tested.
test.use({ freshBrowser: true, launch: { grantedOrigins: [] } });

test('a store build nobody granted access holds none to the local sandbox', async ({ ext }) => {
  await ext.call('saveSettings', { baseUrl: 'http://127.0.0.1:8787' });
  const held = await ext.inExtension(async () => {
    const api = (globalThis as unknown as { browser?: unknown }).browser ?? (globalThis as { chrome?: unknown }).chrome;
    return (api as { permissions: { getAll(): Promise<{ origins?: string[] }> } }).permissions.getAll();
  });
  expect(held.origins ?? []).toEqual([]);
});

test('npm start: a development build comes up configured against the sandbox; a store build has no key', async ({
  engine,
  sandbox,
}) => {
  test.setTimeout(scaled(120_000));
  const store = engine === 'chromium' ? CHROME_BUILD : FIREFOX_BUILD;
  const dev = `${store}-dev`;
  execFileSync('npx', ['wxt', 'build', '--mode', 'development', ...(engine === 'firefox' ? ['-b', 'firefox'] : [])], {
    env: { ...process.env, WXT_DEV_API_BASE_URL: sandbox.baseUrl, WXT_DEV_API_KEY: sandbox.testKey },
    stdio: 'ignore',
  });
  // The development build asks for the sandbox's loopback origins at install (Firefox's MV2 among
  // its permissions): no grant is recorded for it, as none is for a user who just loaded it.
  const manifest = JSON.parse(readFileSync(path.join(dev, 'manifest.json'), 'utf8')) as {
    host_permissions?: string[];
    permissions?: string[];
  };
  const hosts =
    engine === 'chromium' ? manifest.host_permissions : manifest.permissions?.filter((p) => p.includes('://'));
  expect(hosts).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);

  const ext = await launchExtension(engine, { extensionDir: dev, grantedOrigins: [], keepWelcome: true });
  try {
    // The welcome page opens on install, and finds the sandbox account already there: it says so.
    const welcome = await ext.waitForPage('welcome.html');
    await waitForText(welcome, /You are ready: the extension acts as /);
    expect(await welcome.$(role('textbox', 'API key'))).toBeNull();
    const options = await ext.open('options.html');
    await find(options, role('textbox', 'API base URL'));
    await until(
      async () => ((await fieldValue(options, role('textbox', 'API base URL'))) === sandbox.baseUrl ? true : undefined),
      'the address filled in',
    );
    await waitForText(options, `ending in ${sandbox.testKey.slice(-4)}`);
    const check = await ext.call<{ account: { handle?: string } }>('checkKey');
    expect(check.account.handle).toBe('demo');
  } finally {
    await ext.close();
  }

  // The production build (what `npm run zip` ships) carries neither this key nor any other.
  for (const file of filesUnder(store)) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain(sandbox.testKey);
    expect(text, file).not.toMatch(/dcp_[A-Za-z0-9]{32}/);
  }
});
