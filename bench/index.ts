// `npm run bench [-- name…]`: runs the benchmarks and prints their figures as Markdown tables.
// Figures are printed, never asserted: these machines are shared and noisy.
import { runContentBench } from './content.bench';
import { runHistoryBench } from './history.bench';
import { runOutboxBench } from './outbox.bench';
import { runSandboxBench } from './sandbox.bench';
import { runSidepanelBench } from './sidepanel.bench';
import { formatTable, type Table } from './support/table';
import { runThisPageBench } from './this-page.bench';

const benches: Record<string, { describe: string; run: () => Promise<Table[]> }> = {
  content: {
    describe: 'content script on a 10,000-link page with 1,000 nodes/s added, scripting cost on a plain page, sizes',
    run: runContentBench,
  },
  sandbox: { describe: 'sandbox page latency at 1k/100k posts, write throughput', run: runSandboxBench },
  sidepanel: {
    describe: 'side panel: time to first timeline items (20 opens), rows in the DOM with 10,000 posts loaded',
    run: runSidepanelBench,
  },
  history: {
    describe: 'side panel opening and a push with 10 vs 10,000 past writes; pruning to the bound',
    run: runHistoryBench,
  },
  'this-page': {
    describe: '"This page": one lookup per tab change over 10,000 posts read (p50/p95), filling the index',
    run: runThisPageBench,
  },
  outbox: {
    describe: 'a burst of 200 writes against the write budget: Outbox vs naive clients; two accounts in one Outbox',
    run: runOutboxBench,
  },
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}
for (const [name, bench] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.error(`Running ${name}: ${bench.describe}…`);
  for (const table of await bench.run()) console.log(`${formatTable(table)}\n`);
}
