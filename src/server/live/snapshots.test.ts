import { describe, expect, it } from 'vitest';
import { readQueueSnapshot } from '../../shared/schemas/live.js';
import type { QueueState } from '../domain/queue-state.js';
import { slot, state, T } from './snapshot-fixtures.js';
import { adminSnapshot, queueSnapshot } from './snapshots.js';

const waiting = (count: number) => Array.from({ length: count }, (_, i) => slot(i + 1));
const frameText = (s: QueueState) => JSON.stringify(queueSnapshot(s));

describe('the public snapshot leaves out the row fields at their default (decision 062)', () => {
  it('sends a waiting row as its number and people ahead only: no "hold":false, "absent":false or "ahead":null', () => {
    const text = frameText(state(waiting(100)));
    const rows = (JSON.parse(text) as { queue: unknown[] }).queue;
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual({ reservationNumber: 1, ahead: 0 });
    expect(rows[99]).toEqual({ reservationNumber: 100, ahead: 99 });
    for (const fieldAtDefault of ['"absent":false', '"hold":false', '"ahead":null', '"queueId"']) expect(text).not.toContain(fieldAtDefault);
  });

  it('keeps every field away from its default: held (ahead left out as null), absent, or both', () => {
    const s = state([
      slot(1, { absences: 1, absentAt: T, absentPlaces: 3, queuePosition: 3.5 }),
      slot(2),
      slot(3),
      slot(4, { hold: true, holdAt: T }),
      slot(5, { hold: true, holdAt: T, absences: 2, absentAt: T }),
    ]);
    expect(queueSnapshot(s).queue).toEqual([
      { reservationNumber: 2, ahead: 0 },
      { reservationNumber: 3, ahead: 1 },
      { reservationNumber: 1, ahead: 2, absent: true },
      { reservationNumber: 4, hold: true },
      { reservationNumber: 5, hold: true, absent: true },
    ]);
    // `ahead: 0` is a place, not a default: the head of the queue keeps it.
    expect(JSON.stringify(queueSnapshot(s).queue[0])).toBe('{"reservationNumber":2,"ahead":0}');
  });

  it('reads back on the client as every row whole, with the same meaning as before', () => {
    const s = state([slot(1), slot(2, { hold: true, holdAt: T, absences: 2, absentAt: T }), slot(3, { absences: 1, absentAt: T })]);
    const read = readQueueSnapshot(JSON.parse(frameText(s)) as Parameters<typeof readQueueSnapshot>[0]);
    expect(read.queue).toEqual([
      { reservationNumber: 1, ahead: 0, hold: false, absent: false, queueId: 'main' },
      { reservationNumber: 3, ahead: 1, hold: false, absent: true, queueId: 'main' },
      { reservationNumber: 2, ahead: null, hold: true, absent: true, queueId: 'main' },
    ]);
    expect(read.version).toBe(7);
  });

  it('leaves the staff snapshot whole: every slot keeps its hold and absence fields', () => {
    const slots = adminSnapshot(state(waiting(3))).slots;
    expect(slots.map((x) => [x.hold, x.absences, x.absentAt])).toEqual([[false, 0, null], [false, 0, null], [false, 0, null]]);
  });

  it('is much smaller for a full session: 100 waiting, about 40 bytes a row', () => {
    const text = frameText(state(waiting(100)));
    // The same rows with every default written out, as before decision 062 (and the first queue's id, 061).
    const whole = JSON.stringify({ ...JSON.parse(text), queue: readQueueSnapshot(JSON.parse(text) as Parameters<typeof readQueueSnapshot>[0]).queue });
    expect(whole.length - text.length).toBe(100 * ',"hold":false,"absent":false,"queueId":"main"'.length);
    expect(text.length).toBeLessThan(0.6 * whole.length);
  });
});
