import { parseCliArgs, USAGE } from './cli-args.js';
import { exposesBeyondLoopback } from './host-check.js';
import { type RunningSandbox, startSandbox } from './server.js';

/** `npm run sandbox`: starts the sandbox and prints the lines tests and scripts read. */
async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(parsed.message);
    process.exitCode = 2;
    return;
  }
  // The reader of our output (npm start, a terminal) may be gone when we say goodbye: no EPIPE crash.
  process.stdout.on('error', () => {});
  let sandbox: RunningSandbox | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal}: stopping`);
    // A signal during start-up: nothing is listening yet and SQLite writes are atomic.
    if (!sandbox) process.exit(0);
    sandbox.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  // Installed before anything is printed: whoever reads the lines below may signal at once.
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  sandbox = await startSandbox({
    ...parsed.options,
    log: parsed.quiet ? () => {} : (line) => console.log(`[sandbox] ${line}`),
  });
  // Exactly these three lines first: harnesses parse them.
  console.log(`API base: ${sandbox.baseUrl}`);
  console.log(`Test key: ${sandbox.testKey}`);
  console.log(`Website: ${sandbox.baseUrl}/`);
  if (exposesBeyondLoopback(parsed.options.host ?? '127.0.0.1')) {
    console.warn(
      `Warning: --host ${parsed.options.host} makes the sandbox reachable from other machines, and its website ` +
        'has no sign-in: anyone who reaches it reads the timeline and posts as the demo account.',
    );
  }
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`The sandbox could not start: ${message}`);
  process.exit(1);
});
