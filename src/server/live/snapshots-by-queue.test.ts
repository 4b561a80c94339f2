/**
 * The public frame of a clinic with several queues (decision 076): the default one list, where every row of a
 * queue but the first names it, and `?rows=byQueue`, where each queue's entry carries its rows; what each costs
 * a viewer per change for the same 200 waiting, and that our screens read both as the same rows.
 */
import { describe, expect, it } from 'vitest';
import type { Slot } from '../../shared/queue/slot.js';
import { type QueueLiveFrame, readQueueSnapshot } from '../../shared/schemas/live.js';
import type { QueueRow, QueueState } from '../domain/queue-state.js';
import { queueFigures, queueSnapshot, queueSnapshotByQueue } from './snapshots.js';
import { queueRow, slot, state, T } from './snapshot-fixtures.js';

const NONE = { estimate: null, nowCalling: null };
const bytes = (frame: unknown) => Buffer.byteLength(JSON.stringify(frame));

/** Three queues from 1, 501 and 1001; `ids` the second's and third's. */
const threeQueues = (second: string, third: string): QueueRow[] => [
  queueRow('main', '診察1', 'Room 1', 1), queueRow(second, '診察2', 'Room 2', 501), queueRow(third, '診察3', 'Room 3', 1001),
];

/** 200 numbers taken in turn over the queues, as bench/fanout.ts takes them (the i-th in queue i mod 3). */
function session(queues: QueueRow[]): QueueState {
  const next = queues.map((q) => q.first_number);
  const slots: Slot[] = [];
  for (let i = 1; i <= 200; i++) {
    const q = i % queues.length;
    const queueId = queues[q].id === 'main' ? {} : { queueId: queues[q].id };
    slots.push(slot(next[q]++, { id: `s${i}`, queuePosition: i, ...queueId }));
  }
  return state(slots, queues);
}

const flat = (s: QueueState) => queueSnapshot(s, NONE, queueFigures(s, s.queues.map(() => NONE), new Date(T)));
const byQueue = (s: QueueState) => queueSnapshotByQueue(s, NONE, queueFigures(s, s.queues.map(() => NONE), new Date(T)));

describe('the public frame by queue (?rows=byQueue)', () => {
  // docs/api.md's worked example: 一般 from 1, 予防接種 from 501, taken 1, 501, 502, 2; then 502 held.
  const example = state(
    [slot(1), slot(2, { queuePosition: 4 }), slot(501, { queuePosition: 2, queueId: 'q2' }), slot(502, { queuePosition: 3, queueId: 'q2', hold: true, holdAt: T })],
    [queueRow('main', '一般', 'General', 1), queueRow('q2', '予防接種', 'Vaccination', 501)],
  );

  it('puts each queue\'s rows in its entry, naming no queue; no `queue` list', () => {
    const frame = byQueue(example);
    expect(frame).not.toHaveProperty('queue');
    expect(frame.queues?.map((q) => [q.id, q.rows])).toEqual([
      ['main', [{ reservationNumber: 1, ahead: 0 }, { reservationNumber: 2, ahead: 1 }]],
      ['q2', [{ reservationNumber: 501, ahead: 0 }, { reservationNumber: 502, hold: true }]],
    ]);
    // Everything else as in the one-list frame, in the same order.
    const withoutRows = (f: object) => JSON.stringify({ ...f, queue: undefined, queues: undefined });
    expect(withoutRows(frame)).toBe(withoutRows(flat(example)));
    expect(frame.queues?.map(({ rows: _r, ...figures }) => figures)).toEqual(flat(example).queues);
  });

  it('is read back as the one-list frame\'s rows, queue by queue, each queue\'s in its order', () => {
    const read = readQueueSnapshot(JSON.parse(JSON.stringify(byQueue(example))) as Parameters<typeof readQueueSnapshot>[0]);
    const readFlat = readQueueSnapshot(JSON.parse(JSON.stringify(flat(example))) as Parameters<typeof readQueueSnapshot>[0]);
    expect(read.queue).toEqual([
      { reservationNumber: 1, ahead: 0, hold: false, absent: false, queueId: 'main' },
      { reservationNumber: 2, ahead: 1, hold: false, absent: false, queueId: 'main' },
      { reservationNumber: 501, ahead: 0, hold: false, absent: false, queueId: 'q2' },
      { reservationNumber: 502, ahead: null, hold: true, absent: false, queueId: 'q2' },
    ]);
    // The one list interleaves the queues' waiting rows by taking order; each queue's own rows are the same.
    expect(readFlat.queue.map((r) => r.reservationNumber)).toEqual([1, 501, 2, 502]);
    for (const id of ['main', 'q2']) expect(read.queue.filter((r) => r.queueId === id)).toEqual(readFlat.queue.filter((r) => r.queueId === id));
    // Each queue's figures as in the one list (its entry keeps the rows as sent; screens read `queue`).
    expect(read.queues?.map(({ rows: _r, ...figures }: QueueLiveFrame) => figures)).toEqual(readFlat.queues);
  });

  it('is the one-list frame for a clinic with one queue', () => {
    const one = state([slot(1), slot(2)]);
    expect(queueSnapshotByQueue(one, NONE)).toEqual(queueSnapshot(one, NONE));
  });

  it('sends three queues\' 200 rows in no more bytes than one queue\'s; one list costs a third more', () => {
    const oneQueue = queueSnapshot(session([queueRow('main', '診察1', 'Room 1', 1)]), NONE);
    const one = bytes(oneQueue);
    const old = bytes(flat(session(threeQueues('q0a1b2c3d4e', 'q5f6a7b8c9d'))));
    const short = bytes(flat(session(threeQueues('q2', 'q3'))));
    const frame = byQueue(session(threeQueues('q2', 'q3')));
    const grouped = bytes(frame);
    // Measured (decision 076): one queue 7,688 bytes; three queues in one list 11,334 with ids of earlier
    // versions, 10,110 with short ones; by queue 8,117, of which 422 are the three queues' own figures.
    expect([one, old, short, grouped]).toEqual([7688, 11334, 10110, 8117]);
    // Each of 134 rows outside the first queue: `,"queueId":"q0a1b2c3d4e"` (24 bytes), or `,"queueId":"q2"` (15);
    // and the two ids in `queues`.
    expect(old - short).toBe((134 + 2) * 9);
    // By queue the rows cost what one queue's do (their own places are shorter numbers); what is left over is
    // the figures every frame of three queues carries (names, waiting, open, now calling, estimate).
    const rows = bytes(frame.queues!.map((q) => q.rows));
    const figures = bytes(frame.queues!.map(({ rows: _r, ...f }) => f));
    expect(rows).toBeLessThanOrEqual(bytes(oneQueue.queue));
    expect(grouped - figures - bytes(oneQueue)).toBeLessThanOrEqual(3 * ',"rows":'.length);
    expect(grouped / one).toBeLessThan(1.06);
  });
});
