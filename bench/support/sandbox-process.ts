import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A sandbox CLI in its own process, so that load generated here does not share its event loop. */
export interface SandboxProcess {
  baseUrl: string;
  testKey: string;
  stop(): Promise<void>;
}

/** Starts `sandbox/cli.ts` with the given flags on a free port and waits until it prints its base and key. */
export async function spawnSandbox(flags: string[]): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--db', ':memory:', ...flags],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('The sandbox has no stdout.');
  const found: Record<string, string> = {};
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: stdout }).on('line', (line) => {
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
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
