import { SandboxClient } from '../tests/e2e/support/sandbox-client';
import { spawnSandbox } from './support/sandbox-process';
import { soak } from './support/soak';

/**
 * `npm run soak`: a week of use, compressed (bench/support/soak.ts), against a sandbox in its own
 * process; prints the figures. SOAK_DAYS (7), SOAK_WRITES (5000) and SOAK_SEED (1) change the week.
 */
const days = Number(process.env.SOAK_DAYS ?? 7);
const writes = Number(process.env.SOAK_WRITES ?? 5000);
const seed = Number(process.env.SOAK_SEED ?? 1);
const sandbox = await spawnSandbox([]);
try {
  const control = new SandboxClient(sandbox.baseUrl);
  console.log(`Soak: ${writes} writes by three accounts over ${days} simulated days, seed ${seed}…`);
  const result = await soak(sandbox.baseUrl, control, {
    days,
    writes,
    seed,
    keepSent: 500,
    keepSentDays: 3,
    onDay: (day, { pending, stored }) =>
      console.log(`  day ${day}: ${pending} writes pending, ${stored} kept in the Outbox`),
  });
  console.log('\n### Soak: a week of use, compressed\n');
  console.log(
    '| writes | landed | lost | early | duplicated | asked the user | stored items (sent) | stored bytes | beyond history bounds | heap start → end MB | simulated days | real s |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const r = result;
  console.log(
    `| ${r.enqueued} | ${r.landed} | ${r.lost} | ${r.early} | ${r.duplicated} | ${r.asked} | ${r.stored.items} (${r.stored.sent}) | ${r.stored.bytes} | ${r.beyondBounds} | ${r.heapMb.start} → ${r.heapMb.end} | ${r.simulatedDays} | ${r.realSeconds} |`,
  );
  console.log(
    `\nWhat happened: ${Object.entries(r.events)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ')}.`,
  );
  console.log(
    'Lost: enqueued, not on the platform, and not in the Outbox as failed or uncertain. Early: a send before a Retry-After the sandbox had named (its request log). "Asked the user": writes the Outbox holds as failed or uncertain. History bounds: 500 sent writes, 3 days.',
  );
  if (r.lost + r.early + r.duplicated > 0) process.exitCode = 1;
} finally {
  await sandbox.stop();
}
