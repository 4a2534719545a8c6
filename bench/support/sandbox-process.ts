import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const STOP_GRACE_MS = 5_000;

/** A sandbox CLI in its own process, so that load generated here does not share its event loop. */
export interface SandboxProcess {
  baseUrl: string;
  testKey: string;
  stop(): Promise<void>;
}

/**
 * Starts `sandbox/cli.ts` with the given flags on a free port and waits until it prints its base and
 * key. One `node --import tsx` process (not npx → tsx → node), so SIGTERM reaches the server itself
 * and no wrapper is left holding the stdout pipe; a sandbox still alive 5 s after it is asked to
 * stop is killed.
 */
export async function spawnSandbox(flags: string[]): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--db', ':memory:', ...flags],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('The sandbox has no stdout.');
  const found: Record<string, string> = {};
  const lines = createInterface({ input: stdout });
  const exited = once(child, 'exit');
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^(API base|Test key): (\S+)$/.exec(line);
      if (match?.[1] && match[2]) found[match[1]] = match[2];
      if (found['API base'] && found['Test key']) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The sandbox exited (code ${code}) before it was ready.`)));
  });
  await ready;
  return {
    baseUrl: found['API base'] ?? '',
    testKey: found['Test key'] ?? '',
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      }
      // Its stdout closes with it; released here too, so nothing of it keeps this process alive.
      lines.close();
      stdout.destroy();
    },
  };
}
