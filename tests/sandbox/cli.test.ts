import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli-args.js';

const ROOT = resolve(import.meta.dirname, '../..');
// One process (node with tsx's loader), so a signal reaches the sandbox itself, not a relaying wrapper.
const NODE_ARGS = ['--import', 'tsx', 'sandbox/cli.ts'];
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CLI arguments (unit)', () => {
  it('defaults to port 8787 and .sandbox/sandbox.sqlite', () => {
    expect(parseCliArgs([])).toEqual({
      kind: 'run',
      options: { port: 8787, db: '.sandbox/sandbox.sqlite' },
      quiet: false,
    });
  });

  it('reads every flag, in both spellings', () => {
    expect(
      parseCliArgs(['--port', '0', '--host=0.0.0.0', '--db', ':memory:', '--seed', '--posts=1000', '--budget', '5/10']),
    ).toEqual({
      kind: 'run',
      options: {
        port: 0,
        host: '0.0.0.0',
        db: ':memory:',
        seed: true,
        posts: 1000,
        budget: { writes: 5, windowSeconds: 10 },
      },
      quiet: false,
    });
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('reads --budget-headers in both spellings', () => {
    for (const style of ['ietf', 'x-ratelimit', 'none']) {
      expect(parseCliArgs(['--budget-headers', style])).toMatchObject({ options: { budgetHeaders: style } });
      expect(parseCliArgs([`--budget-headers=${style}`])).toMatchObject({ options: { budgetHeaders: style } });
    }
  });

  it('rejects unknown flags and bad values with a clear message', () => {
    const cases: [string[], RegExp][] = [
      [['--prot', '80'], /Unknown option: --prot/],
      [['seed'], /Unknown option: seed/],
      [['--port'], /--port needs a value/],
      [['--port', '--seed'], /--port needs a value/],
      [['--port', '99999'], /--port must be/],
      [['--port', '-1'], /--port needs a value|--port must be/],
      [['--budget', '30'], /--budget must look like 30\/60/],
      [['--budget', '0/60'], /--budget must/],
      [['--posts', 'many'], /--posts must/],
      [['--seed=yes'], /--seed takes no value/],
      [['--budget-headers', 'github'], /--budget-headers must be one of ietf, x-ratelimit, none/],
      [['--budget-headers'], /--budget-headers needs a value/],
    ];
    for (const [argv, message] of cases) {
      const parsed = parseCliArgs(argv);
      expect(parsed.kind, argv.join(' ')).toBe('error');
      if (parsed.kind === 'error') expect(parsed.message).toMatch(message);
    }
  });
});

function run(args: string[]): { child: ChildProcess; lines: Promise<string[]>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const lines = new Promise<string[]>((resolveLines, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const all = out.split('\n');
      if (all.length > 3) resolveLines(all.slice(0, 3));
    });
    child.on('exit', () => reject(new Error(`exited early: ${out}`)));
  });
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, lines, exit };
}

describe('CLI process', () => {
  it('prints the three lines, keeps the same test key across restarts, and stops cleanly on SIGTERM', async () => {
    const db = join(dir, 'nested', 'sandbox.sqlite');
    const first = run(['--port', '0', '--db', db, '--seed', '--quiet']);
    const [api = '', key = '', site = ''] = await first.lines;
    expect(api).toMatch(/^API base: http:\/\/127\.0\.0\.1:\d+$/);
    expect(key).toMatch(/^Test key: dcp_[0-9A-Za-z]{32}$/);
    const base = api.slice('API base: '.length);
    expect(site).toBe(`Website: ${base}/`);
    const testKey = key.slice('Test key: '.length);
    const me = await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${testKey}` } });
    expect(me.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = run(['--port', '0', '--db', db, '--quiet']);
    const [, key2 = ''] = await second.lines;
    expect(key2).toBe(key);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('exits with status 2 and a message for an unknown flag', async () => {
    const child = spawn(process.execPath, [...NODE_ARGS, '--frobnicate'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('Unknown option: --frobnicate');
  });
});
