import { BUDGET_HEADER_STYLES, isBudgetHeaderStyle } from './budget-headers.js';
import { DIALECT_NAMES } from './dialects/index.js';
import type { SandboxOptions } from './server.js';

/** The CLI's usage text. */
export const USAGE = `Usage: npm run sandbox -- [options]   (tsx sandbox/cli.ts [options])

Starts the local Debate Platform sandbox: API under /v1, website at /, test controls under /__sandbox.

Options:
  --port N         port to listen on; 0 picks any free port (default 8787)
  --host HOST      address to bind (default 127.0.0.1)
  --db PATH        SQLite file, or :memory: (default .sandbox/sandbox.sqlite)
  --seed           demo accounts and a few dozen posts, comments and reactions (only into an empty database)
  --posts N        additionally generate N synthetic posts (benchmarks)
  --budget W/S     per-account write budget: W writes per S seconds (default 30/60)
  --dialect NAME   the API's choices where the spec is silent: standard (default), snake, resource
                   (sandbox/README.md, "Dialects")
  --budget-headers STYLE
                   how write answers announce the budget: ietf (RateLimit, RateLimit-Policy),
                   x-ratelimit (X-RateLimit-*), none (default: the dialect's own)
  --quiet          do not log requests
  --help           show this help`;

/** Parsed command line: options for startSandbox, or help, or an error message. */
export type CliParse =
  | { kind: 'run'; options: SandboxOptions & { port: number; db: string }; quiet: boolean }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

const VALUE_FLAGS = new Set(['--port', '--host', '--db', '--posts', '--budget', '--dialect', '--budget-headers']);
const BOOLEAN_FLAGS = new Set(['--seed', '--help', '-h', '--quiet']);

/** Parses the CLI's arguments (`--flag value` or `--flag=value`); unknown flags are errors. */
export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: SandboxOptions & { port: number; db: string } = { port: 8787, db: '.sandbox/sandbox.sqlite' };
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (BOOLEAN_FLAGS.has(flag)) {
      if (eq > 0) return { kind: 'error', message: `${flag} takes no value.` };
      if (flag === '--help' || flag === '-h') return { kind: 'help' };
      if (flag === '--seed') options.seed = true;
      if (flag === '--quiet') quiet = true;
      continue;
    }
    if (!VALUE_FLAGS.has(flag)) {
      return { kind: 'error', message: `Unknown option: ${arg}. Run with --help to see the options.` };
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
      return { kind: 'error', message: `${flag} needs a value. Run with --help to see the options.` };
    }
    switch (flag) {
      case '--port': {
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
          return { kind: 'error', message: `--port must be a number from 0 to 65535, not "${value}".` };
        }
        options.port = Number(value);
        break;
      }
      case '--host':
        options.host = value;
        break;
      case '--db':
        options.db = value;
        break;
      case '--posts': {
        if (!/^\d{1,7}$/.test(value)) {
          return { kind: 'error', message: `--posts must be a whole number (at most 9999999), not "${value}".` };
        }
        options.posts = Number(value);
        break;
      }
      case '--budget': {
        const m = /^(\d{1,7})\/(\d{1,5})$/.exec(value);
        const writes = Number(m?.[1]);
        const windowSeconds = Number(m?.[2]);
        if (!m || writes < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
          return {
            kind: 'error',
            message: `--budget must look like 30/60 (writes/seconds, both at least 1, at most 86400 s), not "${value}".`,
          };
        }
        options.budget = { writes, windowSeconds };
        break;
      }
      case '--dialect': {
        if (!DIALECT_NAMES.includes(value)) {
          return { kind: 'error', message: `--dialect must be one of ${DIALECT_NAMES.join(', ')}, not "${value}".` };
        }
        options.dialect = value;
        break;
      }
      case '--budget-headers': {
        if (!isBudgetHeaderStyle(value)) {
          return {
            kind: 'error',
            message: `--budget-headers must be one of ${BUDGET_HEADER_STYLES.join(', ')}, not "${value}".`,
          };
        }
        options.budgetHeaders = value;
        break;
      }
    }
  }
  return { kind: 'run', options, quiet };
}
