import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { SandboxProcess } from './sandbox-process';

const STOP_GRACE_MS = 5_000;

/**
 * Like `spawnSandbox`, but the sandbox is one `node --import tsx` process instead of npx → tsx → node
 * (the sandbox README's advice for scripts that stop it with a signal): SIGTERM reaches the server
 * itself, so no wrapper can be left behind holding the stdout pipe and with it this process. A
 * sandbox still alive after 5 s is killed.
 */
export async function spawnSandboxNode(flags: string[]): Promise<SandboxProcess> {
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
