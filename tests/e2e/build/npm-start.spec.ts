import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { scaled } from '../support/time';

const root = path.resolve(import.meta.dirname, '../../..');
const XVFB = '/usr/bin/Xvfb';

/** Every process whose command line names this directory's start or sandbox scripts, or a dev profile. */
function leftovers(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => line.trim());
}

// The README's first command, as a newcomer runs it on a machine with a display (here Xvfb), as root
// when the machine runs everything as root: the sandbox answers, the browser comes up with the
// extension configured (the sandbox sees its key check), and Ctrl+C leaves nothing behind.
test('npm start: sandbox, a browser with the extension configured, and a clean Ctrl+C', async () => {
  test.skip(process.platform !== 'linux', 'drives Xvfb, a Linux display server');
  expect(existsSync(XVFB), 'Xvfb is needed for this test: apt-get install xvfb').toBe(true);
  test.setTimeout(scaled(180_000));
  const display = `:${90 + Math.floor(Math.random() * 9)}`;
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const xvfb = spawn(XVFB, [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  let start: ChildProcess | undefined;
  const lines: string[] = [];
  try {
    start = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, DISPLAY: display, SANDBOX_PORT: port, CI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: the test sends Ctrl+C to the group, as a terminal does.
      detached: true,
    });
    for (const stream of [start.stdout, start.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => lines.push(line));
    }
    const exited = new Promise<number | null>((resolve) => start?.once('exit', (code) => resolve(code)));

    // The extension's own key check reaches the sandbox: the browser is up with the extension configured.
    await expect
      .poll(() => lines.some((line) => /\[sandbox\] GET \/v1\/me 200/.test(line)), {
        timeout: scaled(150_000),
        intervals: [500],
        message: `npm start printed:\n${lines.join('\n')}`,
      })
      .toBe(true);
    expect(lines.some((line) => line.includes(`API base: http://127.0.0.1:${port}`))).toBe(true);
    if (process.getuid?.() === 0)
      expect(lines).toContain(
        'Running as root: Chromium starts with --no-sandbox (it refuses to run as root otherwise).',
      );

    // Ctrl+C: SIGINT to the whole group, as the terminal sends it.
    if (start.pid !== undefined) process.kill(-start.pid, 'SIGINT');
    await exited;
    const output = lines.join('\n');
    // No stack trace, no EPIPE.
    expect(output).not.toMatch(/EPIPE|^\s+at .+:\d+:\d+\)?$/m);
    await expect
      .poll(() => leftovers(`--port ${port}`).concat(leftovers(`SANDBOX_PORT=${port}`)), { timeout: scaled(15_000) })
      .toEqual([]);
    // No browser or WXT left from this run either (the dev build's profile lives under this port's run).
    await expect.poll(() => leftovers('chrome-mv3-dev'), { timeout: scaled(15_000) }).toEqual([]);
  } finally {
    if (start?.pid !== undefined && start.exitCode === null && start.signalCode === null)
      process.kill(-start.pid, 'SIGKILL');
    xvfb.kill('SIGTERM');
  }
});
