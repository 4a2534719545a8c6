import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { OutboxRecords } from '@/lib/queue/records';
import type { OutboxItem } from '@/lib/queue/types';

const item = (id: string, seq: number): OutboxItem => ({
  id,
  account: 'https://debate.example/',
  seq,
  request: { kind: 'post', body: id },
  state: { status: 'queued' },
  createdAt: seq,
  updatedAt: seq,
  attempts: 0,
  resends: 0,
});

/** What the records are asked to do: insert a new item, move one to a new seq (sent again), update, remove. */
const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('requeue' as const), id: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('update' as const), id: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('removeMany' as const), ids: fc.array(fc.integer({ min: 0, max: 30 })) }),
);

describe('the records keep their order between changes', () => {
  it('list() is always every item once, in seq order, whatever the changes (reads in between or not)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(op, fc.boolean()), { maxLength: 60 }), async (ops) => {
        const records = await OutboxRecords.load(new MemoryOutboxStore());
        const model = new Map<string, number>();
        for (const [change, read] of ops) {
          if (change.kind === 'insert' || change.kind === 'requeue') {
            const id = `o_${change.id}`;
            if (change.kind === 'insert' && model.has(id)) continue;
            if (change.kind === 'requeue' && !model.has(id)) continue;
            const seq = records.allocateSeq();
            await records.insert(item(id, seq));
            model.set(id, seq);
          } else if (change.kind === 'update') {
            const id = `o_${change.id}`;
            const seq = model.get(id);
            if (seq !== undefined) await records.update({ ...item(id, seq), attempts: 1 });
          } else if (change.kind === 'remove') {
            await records.remove(`o_${change.id}`);
            model.delete(`o_${change.id}`);
          } else {
            const ids = change.ids.map((n) => `o_${n}`);
            await records.removeMany(ids);
            for (const id of ids) model.delete(id);
          }
          if (read) {
            const expected = [...model].sort((a, b) => a[1] - b[1]).map(([id]) => id);
            expect(records.list().map((entry) => entry.id)).toEqual(expected);
          }
        }
        const expected = [...model].sort((a, b) => a[1] - b[1]).map(([id]) => id);
        expect(records.list().map((entry) => entry.id)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
