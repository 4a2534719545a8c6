import autocannon from 'autocannon';
import { spawnSandbox } from './support/sandbox-process';
import { fmt, type Table } from './support/table';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const PAGE = 20;

interface PageFigures {
  posts: number;
  depth: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}

/** Walks the timeline with big pages until `skip` posts are behind, and returns the cursor there. */
async function cursorAfter(baseUrl: string, key: string, skip: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let seen = 0; seen < skip; seen += 100) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${baseUrl}/v1/timelines/public?limit=100${query}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const page = (await response.json()) as { nextCursor: string | null };
    cursor = page.nextCursor;
  }
  return cursor;
}

async function measurePages(posts: number): Promise<PageFigures[]> {
  const sandbox = await spawnSandbox(['--posts', String(posts), '--quiet']);
  try {
    const headers = { Authorization: `Bearer ${sandbox.testKey}` };
    const figures: PageFigures[] = [];
    const middle = await cursorAfter(sandbox.baseUrl, sandbox.testKey, Math.floor(posts / 2));
    for (const [depth, cursor] of [
      ['first page', null],
      ['middle page', middle],
    ] as const) {
      const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const url = `${sandbox.baseUrl}/v1/timelines/public?limit=${PAGE}${query}`;
      await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
      const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
      figures.push({
        posts,
        depth,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        non2xx: result.non2xx,
      });
    }
    return figures;
  } finally {
    await sandbox.stop();
  }
}

async function measureWrites(): Promise<{ rps: number; p50: number; p99: number; created: number; non2xx: number }> {
  const sandbox = await spawnSandbox(['--budget', '9999999/1', '--quiet']);
  try {
    const result = await autocannon({
      url: `${sandbox.baseUrl}/v1/posts`,
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.testKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Benchmark post: does keyset pagination keep deep pages cheap?' }),
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      created: result['2xx'],
      non2xx: result.non2xx,
    };
  } finally {
    await sandbox.stop();
  }
}

/** Sandbox figures: timeline page latency at 1k and 100k posts, and write throughput. */
export async function runSandboxBench(): Promise<Table[]> {
  const pages = [...(await measurePages(1_000)), ...(await measurePages(100_000))];
  const writes = await measureWrites();
  const at = (posts: number, depth: string) => pages.find((p) => p.posts === posts && p.depth === depth);
  const ratio = (at(100_000, 'middle page')?.p50 ?? 0) / Math.max(at(1_000, 'middle page')?.p50 ?? 1, 0.001);
  return [
    {
      title: `Sandbox: timeline page latency (limit ${PAGE}, ${CONNECTIONS} connections, ${DURATION_S} s, autocannon on loopback)`,
      columns: ['posts', 'page', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx'],
      rows: pages.map((p) => [p.posts.toLocaleString('en'), p.depth, fmt(p.p50), fmt(p.p99), fmt(p.rps), p.non2xx]),
      notes: [`Middle page p50 at 100k ÷ at 1k: ${ratio.toFixed(2)} (keyset pagination: about 1).`],
    },
    {
      title: `Sandbox: write throughput (POST /v1/posts, ${CONNECTIONS} connections, ${DURATION_S} s, budget lifted)`,
      columns: ['req/s', 'p50 ms', 'p99 ms', 'created', 'non-2xx'],
      rows: [[fmt(writes.rps), fmt(writes.p50), fmt(writes.p99), writes.created, writes.non2xx]],
    },
  ];
}
