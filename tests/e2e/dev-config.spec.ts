import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { CHROME_BUILD } from './support/browsers';
import { extensionIdOf, launchChromium, openExtensionPage, removeProfile, welcomePage } from './support/chromium';
import { call } from './support/extension-client';
import { scaled } from './support/time';

const DEV_BUILD = path.resolve(CHROME_BUILD, '../chrome-mv3-dev');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('npm start: a development build comes up configured against the sandbox; a store build has no key', async ({
  sandbox,
}) => {
  test.setTimeout(scaled(120_000));
  execFileSync('npx', ['wxt', 'build', '--mode', 'development'], {
    env: { ...process.env, WXT_DEV_API_BASE_URL: sandbox.baseUrl, WXT_DEV_API_KEY: sandbox.testKey },
    stdio: 'ignore',
  });
  // The development build asks for the sandbox's loopback origins at install: no grant is recorded
  // for it, as none is for a user who just loaded it.
  const manifest = JSON.parse(readFileSync(path.join(DEV_BUILD, 'manifest.json'), 'utf8')) as {
    host_permissions?: string[];
  };
  expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  const { context, userDataDir } = await launchChromium({
    extensionDir: DEV_BUILD,
    grantedOrigins: [],
    keepWelcome: true,
  });
  try {
    // The welcome page opens on install, and finds the sandbox account already there: it says so.
    const welcome = await welcomePage(context);
    await expect(welcome.getByText(/^You are ready: the extension acts as /)).toBeVisible();
    await expect(welcome.getByLabel('API key')).toHaveCount(0);
    const page = await openExtensionPage(context, await extensionIdOf(context), 'options.html');
    await expect(page.getByRole('textbox', { name: 'API base URL' })).toHaveValue(sandbox.baseUrl);
    await expect(page.getByText(`ending in ${sandbox.testKey.slice(-4)}`)).toBeVisible();
    const check = await call<{ account: { handle?: string } }>(page, 'checkKey');
    expect(check.account.handle).toBe('demo');
  } finally {
    await context.close();
    removeProfile(userDataDir);
  }

  // The production build (what `npm run zip` ships) carries neither this key nor any other.
  for (const file of filesUnder(CHROME_BUILD)) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain(sandbox.testKey);
    expect(text, file).not.toMatch(/dcp_[A-Za-z0-9]{32}/);
  }
});
